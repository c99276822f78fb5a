/**
 * `requestsPerMinute`: the pacer spaces requests 60 000 / rate apart (plus its 1% margin),
 * in the order they asked, shared by every client of one account and rate; retries take
 * slots like first attempts; the pacer's wait does not use up an attempt's `timeoutMs`.
 * On a fake clock with an in-process dispatcher, so the send times are exact.
 */
import { expect, it, vi } from "vitest";
import { UptimeClient, type UptimeClientOptions } from "../../src/client";
import { Pacer, PACING_MARGIN, pacerFor } from "../../src/client/pacer";
import {
  FAKE_BASE_URL as BASE_URL,
  fakeClockClients,
  fakeDispatcher,
  type FakeDispatcher,
  type FakeReply,
} from "./helpers/fake-dispatcher";
import { monitorBody } from "./helpers/tiny-server";

const newClient = fakeClockClients("2024-05-01T10:00:00.000Z");

/** A paced client on the fake dispatcher. Each test uses its own key, so pacers never carry over. */
function client(fake: FakeDispatcher, apiKey: string, options: UptimeClientOptions = {}): UptimeClient {
  return newClient(fake, { apiKey, retry: { baseDelayMs: 1, maxDelayMs: 1 }, ...options });
}

const ok: FakeReply = { json: { data: monitorBody() } };
/** 60 requests a minute: one a second, plus the margin. */
const STEP = 1000 * PACING_MARGIN;

it("spaces requests sent at once by 60 000 / requestsPerMinute ms, in the order they asked", async () => {
  const fake = fakeDispatcher(() => ok);
  const c = client(fake, "pace-key-1", { requestsPerMinute: 60 });
  const all = Promise.all([1, 2, 3, 4].map((id) => c.monitors.get(id)));
  await vi.runAllTimersAsync();
  await all;
  expect(fake.sent.map((r) => r.path)).toEqual([1, 2, 3, 4].map((id) => `/api/v1/monitors/${id}`));
  expect(fake.sent.map((r) => r.at)).toEqual([0, STEP, 2 * STEP, 3 * STEP].map(Math.ceil));
});

it("does not space a client without requestsPerMinute", async () => {
  const fake = fakeDispatcher(() => ok);
  const c = client(fake, "pace-key-2");
  await Promise.all([1, 2, 3].map((id) => c.monitors.get(id)));
  expect(fake.sent.map((r) => r.at)).toEqual([0, 0, 0]);
});

it("is shared by every client of one account and rate, not by another account or rate", async () => {
  const fake = fakeDispatcher(() => ok);
  const a = client(fake, "pace-key-3", { requestsPerMinute: 60 });
  const b = client(fake, "pace-key-3", { requestsPerMinute: 60 });
  const other = client(fake, "pace-key-4", { requestsPerMinute: 60 });
  const all = Promise.all([a.monitors.get(1), b.monitors.get(2), other.monitors.get(3), a.monitors.get(4)]);
  await vi.runAllTimersAsync();
  await all;
  const at = (key: string) => fake.sent.filter((r) => r.headers.authorization === `Bearer ${key}`).map((r) => r.at);
  expect(at("pace-key-3")).toEqual([0, Math.ceil(STEP), Math.ceil(2 * STEP)]);
  expect(at("pace-key-4")).toEqual([0]);
  expect(pacerFor(BASE_URL, "pace-key-3", 60)).not.toBe(pacerFor(BASE_URL, "pace-key-3", 30));
});

it("keeps the rate over a long run: no more than requestsPerMinute in any minute", async () => {
  const fake = fakeDispatcher(() => ok);
  const c = client(fake, "pace-key-5", { requestsPerMinute: 300 });
  const all = Promise.all(Array.from({ length: 700 }, (_, i) => c.monitors.get(i + 1)));
  await vi.runAllTimersAsync();
  await all;
  const times = fake.sent.map((r) => r.at);
  let most = 0;
  for (let i = 0; i < times.length; i++)
    most = Math.max(most, times.filter((t) => t >= times[i] && t < times[i] + 60_000).length);
  expect(most).toBeLessThanOrEqual(300);
  expect(most).toBeGreaterThanOrEqual(295);
});

it("gives a retry after a 500 its own slot", async () => {
  const fake = fakeDispatcher((_r, i) => (i === 0 ? { status: 500, json: { message: "Server Error" } } : ok));
  const c = client(fake, "pace-key-6", { requestsPerMinute: 60 });
  const all = Promise.all([c.monitors.get(1), c.monitors.get(2)]);
  await vi.runAllTimersAsync();
  await all;
  // The retry of #1 asks after #2 took the second slot, so it goes at the third.
  expect(fake.sent.map((r) => `${r.at} ${r.path}`)).toEqual([
    `0 /api/v1/monitors/1`,
    `${Math.ceil(STEP)} /api/v1/monitors/2`,
    `${Math.ceil(2 * STEP)} /api/v1/monitors/1`,
  ]);
});

it("after a 429 waits out Retry-After, then goes on at the paced rate", async () => {
  const fake = fakeDispatcher((_r, i) =>
    i === 0 ? { status: 429, json: { message: "Too Many Attempts." }, headers: { "retry-after": "5" } } : ok,
  );
  const c = client(fake, "pace-key-7", { requestsPerMinute: 60 });
  const all = Promise.all([c.monitors.get(1), c.monitors.get(2), c.monitors.get(3)]);
  await vi.runAllTimersAsync();
  await all;
  // #1 is refused at 0 and closes the gate for 5 s; #2 and #3, whose slots (1 s, 2 s) come
  // while it is closed, go back to wait with it; then all three leave paced from 5 s.
  expect(fake.sent.map((r) => `${r.at} ${r.path}`)).toEqual([
    "0 /api/v1/monitors/1",
    ...[1, 2, 3].map((id, i) => `${Math.ceil(5000 + i * STEP)} /api/v1/monitors/${id}`),
  ]);
  expect(fake.sent).toHaveLength(4);
});

it("does not count the wait for a slot against timeoutMs", async () => {
  // Each answer takes 800 ms; the timeout is 1 000 ms; the third request waits 2 s for its slot.
  const fake = fakeDispatcher(() => ({ ...ok, afterMs: 800 }));
  const c = client(fake, "pace-key-8", { requestsPerMinute: 60, timeoutMs: 1000 });
  const all = Promise.all([1, 2, 3].map((id) => c.monitors.get(id)));
  await vi.runAllTimersAsync();
  const got = await all;
  expect(got.map((m) => m.id)).toHaveLength(3);
  expect(fake.sent).toHaveLength(3);
});

it("a timed-out attempt's retry waits for a slot of its own", async () => {
  const fake = fakeDispatcher((_r, i) => ({ ...ok, afterMs: i === 0 ? 5000 : 0 }));
  const c = client(fake, "pace-key-9", { requestsPerMinute: 60, timeoutMs: 1500 });
  const got = c.monitors.get(1);
  await vi.runAllTimersAsync();
  await got;
  // The first attempt is cut off at 1.5 s (the slot wait did not start its timer); its
  // retry asks then for the next slot, at 1.01 s, already past: it goes at once.
  expect(fake.sent.map((r) => r.at)).toEqual([0, 1500]);
});

it("refuses a rate that is not positive", () => {
  expect(() => new Pacer(0)).toThrow(/requestsPerMinute must be positive/);
  expect(() => new UptimeClient({ baseUrl: BASE_URL, apiKey: "k", requestsPerMinute: 0 })).toThrow(
    /option requestsPerMinute must be a whole number of at least 1; got 0/,
  );
});
