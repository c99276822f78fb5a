/**
 * 429 from the local server's per-account limit (5 per minute here). The server's clock
 * is moved to just before its window ends, so its Retry-After is 1 s and the wait stays
 * short. Every request of the account, from any client in the process, waits at one
 * gate: while it is closed, nothing of that account reaches the server.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { UptimeClient } from "../../src/client";
import { UptimeRateLimitError } from "../../src/client/errors";
import { rateGateFor } from "../../src/client/rate-gate";
import { localClient, startTestServer, type UptimeServer } from "./helpers/local-server";
import { eventually } from "../support/eventually";

const KEY_A = "rate-account-a";
const KEY_B = "rate-account-b";
const KEY_C = "rate-account-c";
const LIMIT = 5;

let server: UptimeServer;
let offsetMs = 0;
const clients: UptimeClient[] = [];

function client(apiKey: string, maxRateLimitWaitMs?: number): UptimeClient {
  const c = localClient(server, { apiKey, retry: { maxRateLimitWaitMs } });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({
    rateLimitPerMinute: LIMIT,
    now: () => Date.now() + offsetMs,
    accounts: [
      { apiKey: KEY_A, name: "a" },
      { apiKey: KEY_B, name: "b" },
      { apiKey: KEY_C, name: "c" },
    ],
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
});

const of = (account: string) => server.requests.filter((r) => r.account === account);

it("one gate for the account: a second client waits for it without calling the server, then both succeed", async () => {
  offsetMs = 0;
  const first = client(KEY_A);
  const second = client(KEY_A);
  const windowStart = Date.now();
  for (let i = 0; i < LIMIT; i++) await first.monitors.list();
  // Jump the server's clock to 2.8 s before its window ends: Retry-After will say 3 s, long
  // enough that the check below cannot miss the closed gate on a busy machine.
  offsetMs = windowStart + 57_200 - Date.now();

  const a = first.monitors.list();
  await eventually("the 429 to close the gate", () => rateGateFor(server.url, KEY_A).remainingMs() > 0, 5_000);
  const refusedAt = performance.now();
  const b = second.monitors.list();
  const c = second.incidents.list();
  await new Promise((r) => setTimeout(r, 300));
  // Still closed: neither the retry nor the new requests have reached the server.
  expect(of("a").map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);

  await Promise.all([a, b, c]);
  // Real sockets and the server's real window: a lower bound only (a loaded machine is only
  // ever later). The exact schedule is asserted on a fake clock in
  // rate-limit-gate-holds-every-request-of-the-account.test.ts.
  expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(2_850);
  expect(of("a").map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 200, 200, 200]);
});

it("gives up with UptimeRateLimitError when Retry-After exceeds maxRateLimitWaitMs; the account's other requests fail fast without a call; other accounts go on", async () => {
  offsetMs = 0;
  const limited = client(KEY_B, 2_000);
  for (let i = 0; i < LIMIT; i++) await limited.monitors.list();

  const err = (await limited.monitors.list().catch((e: unknown) => e)) as UptimeRateLimitError;
  expect(err).toBeInstanceOf(UptimeRateLimitError);
  expect(err.status).toBe(429);
  expect(err.retryAfterSeconds).toBeGreaterThan(50);
  expect(err.serviceMessage).toBe("Too Many Attempts.");
  expect(err.message).toMatch(/^GET \/api\/v1\/monitors: rate limited \(429\): Too Many Attempts\./);
  // It gave up without waiting at all: the error says so (after a wait it reads "Gave up
  // after waiting"), which no wall-clock bound on a loaded machine could show reliably.
  expect(err.message).toMatch(
    / Not waiting: the service asks to wait \d+ s, longer than allowed \(retry\.maxRateLimitWaitMs is 2000 ms\)\.$/,
  );
  // ...and closed the gate for the account's other requests all the same.
  expect(rateGateFor(server.url, KEY_B).remainingMs()).toBeGreaterThan(50_000);
  expect(of("b")).toHaveLength(LIMIT + 1);

  // Another client of the same account: the gate is closed for a minute, so it fails at once.
  const again = (await client(KEY_B, 2_000)
    .monitors.get(1)
    .catch((e: unknown) => e)) as UptimeRateLimitError;
  expect(again).toBeInstanceOf(UptimeRateLimitError);
  expect(of("b")).toHaveLength(LIMIT + 1);

  // Another account is not held.
  await expect(client(KEY_C).monitors.list()).resolves.toMatchObject({ currentPage: 1 });
});
