/**
 * `timeoutMs` bounds each attempt, headers and body together: a slow answer is cut off,
 * retried for GET, and for a POST turned into an outcome-unknown error (the service goes
 * on and stores the record after the client gave up). Against loopback servers with real
 * sockets, and on a fake clock (an in-process dispatcher) for the exact schedule.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeNetworkError, type UptimeError } from "../../src/client/errors";
import { failure, localClient, startTestServer, uniqueName } from "./helpers/local-server";
import { eventually } from "../support/eventually";
import { fakeDispatcher, fakeRequester, settleTime } from "./helpers/fake-dispatcher";
import { fileFixture } from "../support/file-fixture";

// Deadlines roomy enough for a loaded 2-core machine (other builds beside the suite) to
// receive and record each request before the client gives up on it; the exact boundaries
// are asserted on a fake clock below.
const TIMEOUT_MS = 600;

const server = fileFixture(() => startTestServer());
const client = fileFixture(async () => localClient(server, { timeoutMs: TIMEOUT_MS, retry: { maxAttempts: 3 } }));
beforeEach(() => {
  server.setFaults(undefined);
  server.resetStats();
});

it("a GET slower than timeoutMs is cut off and retried up to maxAttempts", async () => {
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 3 * TIMEOUT_MS });
  const started = performance.now();
  const err = await failure(client.monitors.list());
  const took = performance.now() - started;
  expect(err).toBeInstanceOf(UptimeNetworkError);
  expect(err.message).toBe(
    `GET /api/v1/monitors: no response: timed out (no complete response within ${TIMEOUT_MS} ms) (after 3 attempts).`,
  );
  expect(err.outcomeUnknown).toBe(false);
  await eventually(
    "the three GETs to be recorded",
    () => server.requests.filter((r) => r.method === "GET").length >= 3,
    5_000,
  );
  expect(server.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  // Real sockets and real time against a slow loopback server: only a lower bound (three
  // deadlines; a loaded machine is only ever slower). The exact schedule is asserted on a
  // fake clock below.
  expect(took).toBeGreaterThanOrEqual(3 * TIMEOUT_MS - 20);
});

it("a slow POST is not retried; the error says the outcome is unknown, and the record appears later", async () => {
  const name = uniqueName();
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 2 * TIMEOUT_MS });
  const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
  server.setFaults(undefined);
  expect(err).toBeInstanceOf(UptimeNetworkError);
  expect(err.outcomeUnknown).toBe(true);
  expect(err.message).toContain("timed out");
  expect(err.message).toContain("The outcome is unknown");
  expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  await eventually("the slow POST to be answered 201", () => server.requests[0]?.status === 201, 20_000);
  expect((await client.monitors.findByName(name))?.name).toBe(name);
});

it("an answer within timeoutMs is fine", async () => {
  // Real sockets: undici's own header and body timeouts must not fire early either. A roomier
  // deadline than the suite's, so a busy machine cannot fail this one; the exact
  // boundary is asserted on a fake clock below.
  const patient = localClient(server, { timeoutMs: 2_000 });
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 300 });
  await expect(patient.monitors.list()).resolves.toMatchObject({ currentPage: 1 });
  await patient.close();
  expect(server.requests).toHaveLength(1);
});

// Real sockets: what is under test is undici's per-chunk body timeout, which only a real
// trickling response shows. No bound on time: the test's own timeout is the failure.
it("the deadline covers the body: a response that trickles in is cut off too", async () => {
  // Headers at once, then one byte every 40 ms: undici's per-chunk body timeout alone would never fire.
  const trickle = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => res.write(" "), 40);
    res.on("close", () => clearInterval(timer));
  });
  await new Promise<void>((r) => trickle.listen(0, "127.0.0.1", r));
  const c = new UptimeClient({
    baseUrl: `http://127.0.0.1:${(trickle.address() as AddressInfo).port}`,
    apiKey: "k-trickle",
    timeoutMs: 200,
    retry: { maxAttempts: 1 },
  });
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

describe("on a fake clock, without sockets", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("cuts each attempt off exactly at timeoutMs and starts the next one after its backoff", async () => {
    const fake = fakeDispatcher(() => ({ hang: true }));
    // Jitter 0.5: the wait before retry n is half of baseDelayMs * 2^(n-1), so 50 then 100 ms.
    const requester = fakeRequester(fake, {
      timeoutMs: 150,
      retry: { maxAttempts: 3, baseDelayMs: 100 },
      random: () => 0.5,
    });
    const outcome = settleTime(requester.send({ method: "GET", path: "/api/v1/monitors" }));
    await vi.runAllTimersAsync();
    expect(fake.sent.map((r) => r.at)).toEqual([0, 150 + 50, 150 + 50 + 150 + 100]);
    expect(outcome.at).toBe(600);
    expect(outcome.error).toBeInstanceOf(UptimeNetworkError);
    expect((outcome.error as UptimeError).message).toBe(
      "GET /api/v1/monitors: no response: timed out (no complete response within 150 ms) (after 3 attempts).",
    );
  });

  it("takes an answer that completes 1 ms before the deadline, with no retry", async () => {
    const fake = fakeDispatcher(() => ({ afterMs: 149, json: { data: [] } }));
    const outcome = settleTime(
      fakeRequester(fake, { timeoutMs: 150 }).send({ method: "GET", path: "/api/v1/monitors" }),
    );
    await vi.runAllTimersAsync();
    expect(outcome).toMatchObject({ at: 149, value: { status: 200 } });
    expect(fake.sent).toHaveLength(1);
  });

  it("does not retry a POST cut off at its deadline, and fails at that deadline", async () => {
    const fake = fakeDispatcher(() => ({ hang: true }));
    const requester = fakeRequester(fake, { timeoutMs: 150, retry: { maxAttempts: 3 }, random: () => 0.5 });
    const outcome = settleTime(requester.send({ method: "POST", path: "/api/v1/monitors", body: { name: "m" } }));
    await vi.runAllTimersAsync();
    expect(fake.sent.map((r) => r.at)).toEqual([0]);
    expect(outcome.at).toBe(150);
    expect(outcome.error).toMatchObject({ outcomeUnknown: true });
  });
});
