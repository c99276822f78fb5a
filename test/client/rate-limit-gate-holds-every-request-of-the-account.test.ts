/**
 * 429 handling with exact Retry-After values: a tiny server answers the first request
 * with 429, so the waits are short and the arrival times at the server show who waited.
 * (The project's server enforces a per-minute window whose Retry-After is too long for a
 * unit-sized test; `rate-limit-against-the-local-server.test.ts` covers it there.)
 */
import { afterEach, expect, it } from "vitest";
import { UptimeClient, type UptimeRetryOptions } from "../../src/client";
import { UptimeRateLimitError } from "../../src/client/errors";
import { rateGateFor } from "../../src/client/rate-gate";
import { until } from "./helpers/until";
import { monitorBody, startTinyServer, type Reply, type SeenRequest, type TinyServer } from "./helpers/tiny-server";

let server: TinyServer | undefined;
const clients: UptimeClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
});

function client(url: string, apiKey: string, retry: UptimeRetryOptions = {}): UptimeClient {
  const c = new UptimeClient({ baseUrl: url, apiKey, retry: { baseDelayMs: 20, maxDelayMs: 50, ...retry } });
  clients.push(c);
  return c;
}

const ok: Reply = { json: { data: monitorBody() } };
const limited = (retryAfter: string): Reply => ({ status: 429, json: { message: "Too Many Attempts." }, headers: { "retry-after": retryAfter } });
const gap = (a: SeenRequest, b: SeenRequest) => b.startedAt - a.startedAt;

it("holds every request of the account until Retry-After has passed, across clients", async () => {
  server = await startTinyServer((_r, i) => (i === 0 ? limited("1") : ok));
  const first = client(server.url, "gate-key-1");
  const second = client(server.url, "gate-key-1");

  const a = first.monitors.get(1);
  await until(() => rateGateFor(server!.url, "gate-key-1").remainingMs() > 0); // the 429 has closed the gate
  const b = second.monitors.get(2);
  await Promise.all([a, b]);

  const [refused, ...later] = server.requests;
  expect(server.requests).toHaveLength(3);
  for (const r of later) expect(gap(refused, r)).toBeGreaterThanOrEqual(950);
});

it("does not hold another account's requests", async () => {
  server = await startTinyServer((r) => (r.headers.authorization === "Bearer gate-key-2" && server!.requests.length === 1 ? limited("3") : ok));
  const limitedClient = client(server.url, "gate-key-2");
  const other = client(server.url, "gate-key-3");

  const a = limitedClient.monitors.get(1);
  await until(() => rateGateFor(server!.url, "gate-key-2").remainingMs() > 0);
  await other.monitors.get(2);
  // Answered while the limited account's gate is still closed: a held request would only
  // have been sent once the gate opened, after the limited account's own retry.
  expect(rateGateFor(server.url, "gate-key-2").remainingMs()).toBeGreaterThan(0);
  expect(server.requests.map((r) => r.headers.authorization)).toEqual(["Bearer gate-key-2", "Bearer gate-key-3"]);
  await a;
});

it("retries a POST after 429: the service did not process it", async () => {
  server = await startTinyServer((_r, i) => (i === 0 ? limited("0") : { status: 201, json: { data: monitorBody({ id: 5 }) } }));
  const m = await client(server.url, "gate-key-4").monitors.create({ name: "m1", url: "https://example.com", interval: 60 });
  expect(m.id).toBe(5);
  expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
});

it("reads Retry-After as an HTTP date", async () => {
  server = await startTinyServer((_r, i) => (i === 0 ? limited(new Date(Date.now() + 1500).toUTCString()) : ok));
  await client(server.url, "gate-key-5").monitors.get(1);
  expect(server.requests).toHaveLength(2);
  // HTTP dates have whole seconds: the wait is between 0.5 and 1.5 s.
  expect(gap(server.requests[0], server.requests[1])).toBeGreaterThanOrEqual(400);
});

it("backs off on its own when Retry-After is missing", async () => {
  server = await startTinyServer((_r, i) => (i < 2 ? { status: 429, json: { message: "Too Many Attempts." } } : ok));
  await client(server.url, "gate-key-6").monitors.get(1);
  expect(server.requests).toHaveLength(3);
});

it("gives up at once with UptimeRateLimitError when the wait would pass maxRateLimitWaitMs", async () => {
  server = await startTinyServer(() => limited("120"));
  const c = client(server.url, "gate-key-7", { maxRateLimitWaitMs: 1000 });
  const err = (await c.monitors.get(1).catch((e: unknown) => e)) as UptimeRateLimitError;
  expect(err).toBeInstanceOf(UptimeRateLimitError);
  // It did not wait at all: the message says so (a wait would read "Gave up after waiting").
  expect(err.message).toContain("Not waiting: the service asks to wait 120 s, longer than allowed (retry.maxRateLimitWaitMs is 1000 ms).");
  expect(err.status).toBe(429);
  expect(err.retryAfterSeconds).toBe(120);
  expect(err.serviceMessage).toBe("Too Many Attempts.");
  expect(err.message).toMatch(/^GET \/api\/v1\/monitors\/1: rate limited \(429\): Too Many Attempts\./);
  expect(server.requests).toHaveLength(1);
});
