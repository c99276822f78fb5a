/**
 * What the in-process service stand-ins (fake-monitor-service.ts, fake-incident-service.ts)
 * share: a client on the fake dispatcher (test/client/helpers/fake-dispatcher.ts) whose
 * requests `answer` serves, with no backoff wait, and one fault to inject in place of an
 * answer (after serving the request, when `after`: the service did it, the answer was lost).
 */
import { UptimeClient } from "../../src/client";
import { fakeDispatcher, type FakeReply, type SentRequest } from "../client/helpers/fake-dispatcher";

export interface FakeService {
  client: UptimeClient;
  sent: SentRequest[];
  /** Makes the next request that `matches` get `reply` instead of the service's answer. */
  fault(matches: (req: SentRequest) => boolean, reply: FakeReply, after?: boolean): void;
}

let keys = 0;

export function fakeService(answer: (req: SentRequest) => FakeReply): FakeService {
  let pending: { matches: (req: SentRequest) => boolean; reply: FakeReply; after: boolean } | undefined;
  const fake = fakeDispatcher((req) => {
    const p = pending;
    if (!p?.matches(req)) return answer(req);
    pending = undefined;
    if (p.after) answer(req);
    return p.reply;
  });
  const client = new UptimeClient({
    baseUrl: "http://service.test",
    apiKey: `fake-service-${++keys}`,
    dispatcher: fake.dispatcher,
    retry: { baseDelayMs: 0, maxDelayMs: 0 },
  });
  return {
    client,
    sent: fake.sent,
    fault(matches, reply, after = false) {
      pending = { matches, reply, after };
    },
  };
}
