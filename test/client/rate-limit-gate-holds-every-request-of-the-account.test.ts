/**
 * 429 handling with exact Retry-After values, on a fake clock: an in-process dispatcher
 * answers the first request with 429, and the times requests are sent (in fake
 * milliseconds) show who waited and for exactly how long, however busy the machine.
 * (The project's server enforces a per-minute window over real sockets;
 * `rate-limit-against-the-local-server.test.ts` covers it there.)
 */
import { expect, it, vi } from "vitest";
import { UptimeClient, type UptimeRetryOptions } from "../../src/client";
import { UptimeRateLimitError } from "../../src/client/errors";
import { rateGateFor } from "../../src/client/rate-gate";
import {
  FAKE_BASE_URL as BASE_URL,
  fakeClockClients,
  fakeDispatcher,
  fakeRequester,
  settleTime,
  type FakeDispatcher,
  type FakeReply,
  type SentRequest,
} from "./helpers/fake-dispatcher";
import { monitorBody } from "./helpers/tiny-server";

const newClient = fakeClockClients("2024-05-01T10:00:00.250Z");

/** A client on the fake dispatcher. Each test uses its own keys, so gates never carry over. */
function client(fake: FakeDispatcher, apiKey: string, retry: UptimeRetryOptions = {}): UptimeClient {
  return newClient(fake, { apiKey, retry: { baseDelayMs: 20, maxDelayMs: 50, ...retry } });
}

const ok: FakeReply = { json: { data: monitorBody() } };
const limited = (retryAfter?: string): FakeReply => ({
  status: 429,
  json: { message: "Too Many Attempts." },
  headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
});
const sent = (fake: FakeDispatcher) =>
  fake.sent.map((r: SentRequest) => `${r.at} ${r.path} ${r.headers.authorization}`);

it("holds every request of the account until Retry-After has passed, across clients", async () => {
  const fake = fakeDispatcher((_r, i) => (i === 0 ? limited("1") : ok));
  const a = client(fake, "gate-key-1").monitors.get(1);
  await vi.advanceTimersByTimeAsync(10);
  expect(rateGateFor(BASE_URL, "gate-key-1").remainingMs()).toBe(990);
  // Another client of the same account, 10 ms into the wait: it waits for the same gate.
  const b = client(fake, "gate-key-1").monitors.get(2);
  await vi.advanceTimersByTimeAsync(989);
  expect(sent(fake)).toEqual(["0 /api/v1/monitors/1 Bearer gate-key-1"]);
  await vi.advanceTimersByTimeAsync(1);
  await Promise.all([a, b]);
  // Both go out the moment the gate opens, 1 s after the 429: the retry and the held request.
  expect(sent(fake)).toEqual([
    "0 /api/v1/monitors/1 Bearer gate-key-1",
    "1000 /api/v1/monitors/1 Bearer gate-key-1",
    "1000 /api/v1/monitors/2 Bearer gate-key-1",
  ]);
});

it("does not hold another account's requests", async () => {
  const fake = fakeDispatcher((r, i) =>
    r.headers.authorization === "Bearer gate-key-2" && i === 0 ? limited("3") : ok,
  );
  const a = settleTime(client(fake, "gate-key-2").monitors.get(1));
  await vi.advanceTimersByTimeAsync(0);
  // No time passes: the other account's request is answered while the gate of the first is closed.
  await client(fake, "gate-key-3").monitors.get(2);
  expect(sent(fake)).toEqual(["0 /api/v1/monitors/1 Bearer gate-key-2", "0 /api/v1/monitors/2 Bearer gate-key-3"]);
  await vi.advanceTimersByTimeAsync(3000);
  expect(a.at).toBe(3000);
  expect(sent(fake)[2]).toBe("3000 /api/v1/monitors/1 Bearer gate-key-2");
});

it("retries a POST after 429: the service did not process it", async () => {
  const fake = fakeDispatcher((_r, i) =>
    i === 0 ? limited("0") : { status: 201, json: { data: monitorBody({ id: 5 }) } },
  );
  const created = client(fake, "gate-key-4").monitors.create({ name: "m1", url: "https://example.com", interval: 60 });
  await vi.runAllTimersAsync();
  expect((await created).id).toBe(5);
  expect(fake.sent.map((r) => r.method)).toEqual(["POST", "POST"]);
});

it("reads Retry-After as an HTTP date: waits until that second, from the clock's time now", async () => {
  // The clock is at 10:00:00.250; the date names 10:00:02, so the wait is 1 750 ms.
  const fake = fakeDispatcher((_r, i) => (i === 0 ? limited("Wed, 01 May 2024 10:00:02 GMT") : ok));
  const got = settleTime(client(fake, "gate-key-5").monitors.get(1));
  await vi.runAllTimersAsync();
  expect(fake.sent.map((r) => r.at)).toEqual([0, 1750]);
  expect(got.at).toBe(1750);
});

it("backs off on its own when Retry-After is missing: jittered, doubling steps", async () => {
  const fake = fakeDispatcher((_r, i) => (i < 2 ? limited() : ok));
  // Jitter 0.5 (the requester's injectable source): half of 20 ms, then half of 40 ms.
  const requester = fakeRequester(fake, { retry: { baseDelayMs: 20, maxDelayMs: 50 }, random: () => 0.5 });
  const got = settleTime(requester.send({ method: "GET", path: "/api/v1/monitors/1" }));
  await vi.runAllTimersAsync();
  expect(fake.sent.map((r) => r.at)).toEqual([0, 10, 30]);
  expect(got).toMatchObject({ at: 30, value: { status: 200 } });
});

it("gives up at once with UptimeRateLimitError when the wait would pass maxRateLimitWaitMs", async () => {
  const fake = fakeDispatcher(() => limited("120"));
  const got = settleTime(client(fake, "gate-key-7", { maxRateLimitWaitMs: 1000 }).monitors.get(1));
  // Not a single fake millisecond passes: the failure comes without waiting.
  await vi.advanceTimersByTimeAsync(0);
  expect(got.at).toBe(0);
  const err = got.error as UptimeRateLimitError;
  expect(err).toBeInstanceOf(UptimeRateLimitError);
  expect(err.message).toContain(
    "Not waiting: the service asks to wait 120 s, longer than allowed (retry.maxRateLimitWaitMs is 1000 ms).",
  );
  expect(err.status).toBe(429);
  expect(err.retryAfterSeconds).toBe(120);
  expect(err.serviceMessage).toBe("Too Many Attempts.");
  expect(err.message).toMatch(/^GET \/api\/v1\/monitors\/1: rate limited \(429\): Too Many Attempts\./);
  expect(fake.sent).toHaveLength(1);
  // The gate stays closed for the account's other requests all the same.
  expect(rateGateFor(BASE_URL, "gate-key-7").remainingMs()).toBe(120_000);
});
