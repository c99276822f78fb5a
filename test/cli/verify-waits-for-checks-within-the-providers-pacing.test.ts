/**
 * `verify`'s polling against a checking local server: it waits while the monitors are not
 * checked since the update, then tells the online one from the offline one; a paused
 * monitor is reported at once, not waited for; a monitor never checked is still waiting
 * when the time is up. Every request goes through a client paced at the provider's
 * `requestsPerMinute`, so polling never goes faster than that. Usage errors are exit 2.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { UptimeClient } from "../../src/client/client";
import { parseDuration, runVerify, watchChecks, type Watched } from "../../src/cli/verify";
import { createMonitor } from "../support/api";
import { DEFAULT_API_KEY, startCheckingServer, type UptimeServer } from "../support/server";
import { startTarget, type Target } from "../support/targets";

let server: UptimeServer;
let good: Target, bad: Target;
beforeAll(async () => {
  server = await startCheckingServer();
  [good, bad] = await Promise.all([startTarget(), startTarget()]);
  bad.failing(500);
});
afterAll(async () => {
  await Promise.all([server.close(), good.close(), bad.close()]);
});

const watchedOf = (m: { id: number; name: string }, since: number): Watched => ({
  resourceName: m.name,
  name: m.name,
  id: m.id,
  interval: 60,
  since,
  updateStartMs: since,
});

test("waits for a check after the update, then online passes and offline fails; polling keeps the pace", async () => {
  const a = await createMonitor(server, { name: "verify good", url: good.url });
  const b = await createMonitor(server, { name: "verify bad", url: bad.url });
  const p = await createMonitor(server, { name: "verify paused", url: bad.url });
  await server.runChecks(); // checks from before the "update": they do not count
  await new Promise((r) => setTimeout(r, 1100));
  const since = Date.now();
  await fetch(`${server.url}/api/v1/monitors/${p.id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${DEFAULT_API_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "pause=1",
  });

  const perMinute = 300; // one request every 200 ms
  const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY, requestsPerMinute: perMinute });
  try {
    server.resetStats();
    const started = Date.now();
    const watching = watchChecks(client, [watchedOf(a, since), watchedOf(b, since), watchedOf(p, since)], {
      withinMs: 20_000,
      intervalMs: 50,
    });
    await new Promise((r) => setTimeout(r, 1500));
    await server.runChecks();
    const standings = await watching;
    const elapsed = Date.now() - started;
    expect(standings.get(a.id)).toEqual({ state: "ok", detail: "online: 200 OK" });
    expect(standings.get(b.id)).toEqual({ state: "offline", detail: "offline: 500 Internal Server Error" });
    expect(standings.get(p.id)?.state).toBe("paused");
    // Paced: no more requests than the pace allows in the time taken (the first goes at once).
    const gets = server.requests.filter((r) => r.method === "GET" && r.path.startsWith("/api/v1/monitors"));
    expect(gets.length).toBeGreaterThan(3);
    expect(gets.length).toBeLessThanOrEqual(1 + Math.floor(elapsed / (60_000 / perMinute)));
  } finally {
    await client.close();
  }
});

test("a monitor never checked after the update is still waiting when the time is up", async () => {
  const m = await createMonitor(server, { name: "verify never", url: good.url });
  const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
  try {
    const standings = await watchChecks(client, [watchedOf(m, Date.now() + 5_000)], { withinMs: 300, intervalMs: 100 });
    expect(standings.get(m.id)).toEqual({ state: "waiting", detail: "pending, not checked since the update" });
  } finally {
    await client.close();
  }
});

test("durations, and usage errors are exit 2", async () => {
  expect([parseDuration("90s"), parseDuration("10m"), parseDuration("1h30m"), parseDuration("45")]).toEqual([
    90_000, 600_000, 5_400_000, 45_000,
  ]);
  expect(parseDuration("soon")).toBeUndefined();
  let err = "";
  const io = { stdout: { write: () => true }, stderr: { write: (c: string) => (err += c) }, env: {} };
  expect(await runVerify([], io)).toBe(2);
  expect(err).toMatch(/--stack NAME is required/);
  expect(await runVerify(["--stack", "s", "--within", "soon"], io)).toBe(2);
  expect(await runVerify(["--stack", "s", "--interval", "0"], io)).toBe(2);
});
