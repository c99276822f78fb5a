/**
 * A stand-in for the undici dispatcher that answers in-process, on the timers of the test
 * (no sockets), so that retry, timeout and rate-gate scheduling can run under
 * `vi.useFakeTimers()` and be asserted to the millisecond. Real-socket behaviour (undici's
 * own timeouts, a body that trickles in) stays with the tests against loopback servers.
 */
import type { Dispatcher } from "undici";
import { afterEach, beforeEach, vi } from "vitest";
import { UptimeClient, type UptimeClientOptions } from "../../../src/client";
import type { IncomingHttpHeaders } from "node:http";
import { Limiter } from "../../../src/client/concurrency";
import { RateGate } from "../../../src/client/rate-gate";
import { Requester } from "../../../src/client/request";
import { RETRY_DEFAULTS, type UptimeRetryOptions } from "../../../src/client/client-options";

/** One request the fake dispatcher received. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Milliseconds since the dispatcher was made (on the test's clock) when it was sent. */
  at: number;
}

/** How to answer one request. */
export interface FakeReply {
  status?: number;
  json?: unknown;
  headers?: IncomingHttpHeaders;
  /** Answer this many milliseconds after the request (default at once). */
  afterMs?: number;
  /** Never answer: the attempt ends only when its deadline aborts it. */
  hang?: boolean;
  /** Fail as the transport does (e.g. an error whose `code` is `ECONNRESET`) instead of answering. */
  error?: unknown;
}

/** A fake dispatcher and what it was sent. */
export interface FakeDispatcher {
  dispatcher: Dispatcher;
  sent: SentRequest[];
}

/** Answers each request with `handler(request, index)`. */
export function fakeDispatcher(handler: (req: SentRequest, index: number) => FakeReply): FakeDispatcher {
  const t0 = Date.now();
  const sent: SentRequest[] = [];
  const request = (opts: Dispatcher.RequestOptions) => {
    const req: SentRequest = {
      method: String(opts.method),
      path: String(opts.path),
      headers: { ...(opts.headers as Record<string, string>) },
      body: typeof opts.body === "string" ? opts.body : undefined,
      at: Date.now() - t0,
    };
    const reply = handler(req, sent.push(req) - 1);
    const signal = opts.signal as AbortSignal | undefined;
    return new Promise((resolve, reject) => {
      const answer = () =>
        resolve({
          statusCode: reply.status ?? 200,
          headers: { "content-type": "application/json", ...reply.headers },
          body: { text: async () => (reply.json === undefined ? "" : JSON.stringify(reply.json)) },
        });
      if (reply.error !== undefined) return reject(reply.error as Error);
      // At once means no timer: a fake clock would hold even a 0 ms one until advanced.
      if (!reply.hang && !reply.afterMs) return answer();
      const timer = reply.hang ? undefined : setTimeout(answer, reply.afterMs);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      });
    });
  };
  return { dispatcher: { request } as unknown as Dispatcher, sent };
}

/**
 * A requester on `fake` with its own gate and limiter, and `random` as its jitter source
 * (the client's injectable one), so that backoff waits are exact.
 */
export function fakeRequester(
  fake: FakeDispatcher,
  options: { timeoutMs?: number; retry?: UptimeRetryOptions; random?: () => number; gate?: RateGate } = {},
): Requester {
  return new Requester({
    transport: {
      dispatcher: fake.dispatcher,
      origin: "http://uptime.test",
      pathPrefix: "",
      apiKey: "k-fake",
      userAgent: "test",
      timeoutMs: options.timeoutMs ?? 30_000,
    },
    retry: { ...RETRY_DEFAULTS, ...options.retry },
    gate: options.gate ?? new RateGate(),
    limiter: new Limiter(8),
    random: options.random,
  });
}

/** When `p` settled, in milliseconds since `t0` on the test's clock, and how. */
export function settleTime(p: Promise<unknown>, t0 = Date.now()): { at?: number; error?: unknown; value?: unknown } {
  const out: { at?: number; error?: unknown; value?: unknown } = {};
  p.then(
    (value) => Object.assign(out, { at: Date.now() - t0, value }),
    (error: unknown) => Object.assign(out, { at: Date.now() - t0, error }),
  );
  return out;
}

/** A transport error carrying `code`, as Node's sockets and undici raise them. */
export function transportError(code: string): Error {
  return Object.assign(new Error(`${code} (fake)`), { code });
}

/** The base URL of the clients `fakeClockClients` makes; no socket ever opens to it. */
export const FAKE_BASE_URL = "http://uptime.test";

/**
 * For a test file whose clients run on the fake dispatcher and a fake clock: each test
 * starts at `now`, and after it the clients it made are closed and real timers restored.
 * Returns what makes such a client (on `FAKE_BASE_URL`) for a given dispatcher.
 */
export function fakeClockClients(now: string): (fake: FakeDispatcher, options: UptimeClientOptions) => UptimeClient {
  const clients: UptimeClient[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse(now) });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    vi.useRealTimers();
  });
  return (fake, options) => {
    const c = new UptimeClient({ baseUrl: FAKE_BASE_URL, dispatcher: fake.dispatcher, ...options });
    clients.push(c);
    return c;
  };
}
