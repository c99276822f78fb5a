/**
 * `timeoutMs` bounds each attempt, headers and body together: a slow answer is cut off,
 * retried for GET, and for a POST turned into an outcome-unknown error (the service goes
 * on and stores the record after the client gave up).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeNetworkError, type UptimeError } from "../../src/client/errors";
import { localClient, startTestServer, uniqueName, type UptimeServer } from "./helpers/local-server";
import { until } from "./helpers/until";

let server: UptimeServer;
let client: UptimeClient;

beforeAll(async () => {
  server = await startTestServer();
  client = localClient(server, { timeoutMs: 150, retry: { maxAttempts: 3 } });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => {
  server.setFaults(undefined);
  server.resetStats();
});

async function failure(p: Promise<unknown>): Promise<UptimeError> {
  return (await p.then(() => undefined, (e: unknown) => e)) as UptimeError;
}

it("a GET slower than timeoutMs is cut off and retried up to maxAttempts", async () => {
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 500 });
  const started = performance.now();
  const err = await failure(client.monitors.list());
  const took = performance.now() - started;
  expect(err).toBeInstanceOf(UptimeNetworkError);
  expect(err.message).toBe("GET /api/v1/monitors: no response: timed out (no complete response within 150 ms) (after 3 attempts).");
  expect(err.outcomeUnknown).toBe(false);
  expect(server.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  // Three attempts, each cut off at its deadline (a lower bound only: a busy machine is slower).
  expect(took).toBeGreaterThanOrEqual(3 * 150 - 20);
});

it("a slow POST is not retried; the error says the outcome is unknown, and the record appears later", async () => {
  const name = uniqueName();
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 400 });
  const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
  server.setFaults(undefined);
  expect(err).toBeInstanceOf(UptimeNetworkError);
  expect(err.outcomeUnknown).toBe(true);
  expect(err.message).toContain("timed out");
  expect(err.message).toContain("The outcome is unknown");
  expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  await until(() => server.requests[0].status === 201);
  expect((await client.monitors.findByName(name))?.name).toBe(name);
});

it("an answer within timeoutMs is fine", async () => {
  // A roomier deadline than the suite's 150 ms, so a busy machine cannot fail this one.
  const patient = localClient(server, { timeoutMs: 2_000 });
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 300 });
  await expect(patient.monitors.list()).resolves.toMatchObject({ currentPage: 1 });
  await patient.close();
  expect(server.requests).toHaveLength(1);
});

it("the deadline covers the body: a response that trickles in is cut off too", async () => {
  // Headers at once, then one byte every 40 ms: undici's per-chunk body timeout alone would never fire.
  const trickle = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => res.write(" "), 40);
    res.on("close", () => clearInterval(timer));
  });
  await new Promise<void>((r) => trickle.listen(0, "127.0.0.1", r));
  const c = new UptimeClient({ baseUrl: `http://127.0.0.1:${(trickle.address() as AddressInfo).port}`, apiKey: "k-trickle", timeoutMs: 200, retry: { maxAttempts: 1 } });
  try {
    // Without the deadline the body never ends and this await would outlast the test's timeout.
    const err = await failure(c.monitors.get(1));
    expect(err).toBeInstanceOf(UptimeNetworkError);
    expect(err.message).toBe("GET /api/v1/monitors/1: no response: timed out (no complete response within 200 ms).");
  } finally {
    await c.close();
    trickle.closeAllConnections();
    await new Promise<void>((r) => trickle.close(() => r()));
  }
});
