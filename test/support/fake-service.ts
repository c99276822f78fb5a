/**
 * What the in-process service stand-ins (fake-monitor-service.ts, fake-incident-service.ts)
 * share: a client on the fake dispatcher (test/client/helpers/fake-dispatcher.ts) whose
 * requests `answer` serves, with no backoff wait, and one fault to inject in place of an
 * answer (after serving the request, when `after`: the service did it, the answer was lost);
 * and the answers of one collection's endpoints (store, list, show, update, delete).
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

/** One collection of the service: its path, what it holds, and how it stores, lists and updates. */
export interface FakeCollection<T extends { id: number }> {
  /** `/api/v1/monitors`. */
  path: string;
  items: Map<number, T>;
  /** The service's refusal of a POST of `form`, if it refuses it. */
  refuse?(form: Record<string, string>): FakeReply | undefined;
  /** What a POST of `form` stores under `id`. */
  create(form: Record<string, string>, id: number): T;
  /** What a GET of the collection lists, given its query. */
  list(query: URLSearchParams): T[];
  /** Applies a PATCH's `form` to `stored`. */
  update(stored: T, form: Record<string, string>): void;
}

/** The answers of a collection's endpoints: store, list, show, update and delete, 404 for an unknown id. */
export function collectionAnswer<T extends { id: number }>(c: FakeCollection<T>): (req: SentRequest) => FakeReply {
  let nextId = 1;
  return (req) => {
    const url = new URL(req.path, "http://x");
    const form = Object.fromEntries(new URLSearchParams(req.body ?? ""));
    if (req.method === "POST" && url.pathname === c.path) {
      const refused = c.refuse?.(form);
      if (refused) return refused;
      const id = nextId++;
      const stored = c.create(form, id);
      c.items.set(id, stored);
      return { status: 201, json: { data: stored } };
    }
    if (req.method === "GET" && url.pathname === c.path) {
      const data = c.list(url.searchParams);
      return { json: { data, meta: { current_page: 1, last_page: 1, total: data.length } } };
    }
    const one = url.pathname.startsWith(`${c.path}/`) ? /^\d+$/.exec(url.pathname.slice(c.path.length + 1)) : null;
    const stored = one ? c.items.get(Number(one[0])) : undefined;
    if (!stored) return { status: 404, json: { message: "Not found." } };
    if (req.method === "GET") return { json: { data: stored } };
    if (req.method === "PATCH") {
      c.update(stored, form);
      return { json: { data: stored } };
    }
    c.items.delete(stored.id);
    return { json: { id: stored.id, deleted: true } };
  };
}
