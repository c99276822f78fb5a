/**
 * Checks are the service's own work, not API traffic: rounds of checks of many monitors
 * leave the account's rate-limit budget and the server's write count as they were.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({ now: () => Date.parse("2024-06-01T12:00:00Z") });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});

test("rounds of checks use none of the account's requests per minute and count no write", async () => {
  for (let i = 0; i < 6; i++) await createMonitor(server, { url: `${target.url}/${i}` });
  // The limit comes on after the setup, with a fresh window (the clock stands still).
  server.setRateLimit(3);
  const writes = server.writeCount();
  for (let round = 0; round < 5; round++) {
    if (round % 2) target.failing();
    else target.healthy();
    expect((await server.runChecks()).checked).toBe(6);
  }
  expect(target.requests).toHaveLength(30);
  expect(server.writeCount()).toBe(writes);
  // All three requests of the minute are still there.
  const first = await api(server, "GET", "/api/v1/monitors");
  expect(first.status).toBe(200);
  expect(first.headers["x-ratelimit-remaining"]).toBe("2");
  expect((await api(server, "GET", "/api/v1/incidents")).status).toBe(200);
  expect((await api(server, "GET", "/api/v1/incidents")).status).toBe(200);
  expect((await api(server, "GET", "/api/v1/incidents")).status).toBe(429);
});
