/**
 * Targets that misbehave: one that never answers, one that refuses connections, one that
 * answers garbage, one that redirects for ever, and two that send a 100 MB body. One round
 * checks them all: each failing one is down with its reason, none reads the 100 MB, the round ends
 * within the check timeout, and the API keeps answering throughout.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { refusedUrl, startTarget, type Target } from "../../support/targets";

const HUNDRED_MB = 100 * 1024 * 1024;
let server: UptimeServer;
const targets: Record<string, Target> = {};
beforeAll(async () => {
  // The timeout is what ends the hanging check: short enough for the test, long enough
  // that the other checks (on a loaded machine) never come near it.
  server = await startCheckingServer({ checks: { timeoutMs: 15_000, maxRedirects: 3, maxBodyBytes: 256 * 1024 } });
  for (const name of ["hang", "garbage", "loop", "huge", "hugeText", "healthy"]) targets[name] = await startTarget();
  targets.hang.set({ kind: "hang" });
  targets.garbage.set({ kind: "garbage" });
  targets.loop.set({ kind: "redirect-loop" });
  targets.huge.set({ kind: "huge", bytes: HUNDRED_MB });
  // The text is the body's last bytes: found only by reading all 100 MB.
  targets.hugeText.set({ kind: "huge", bytes: HUNDRED_MB, text: "READY" });
});
afterAll(async () => {
  await server.close();
  await Promise.all(Object.values(targets).map((t) => t.close()));
});

test("each bad target is down with its reason, and nothing else suffers", async () => {
  const ids = {
    hang: (await createMonitor(server, { name: "hang", url: `${targets.hang.url}/` })).id,
    refused: (await createMonitor(server, { name: "refused", url: await refusedUrl() })).id,
    garbage: (await createMonitor(server, { name: "garbage", url: `${targets.garbage.url}/` })).id,
    loop: (await createMonitor(server, { name: "loop", url: `${targets.loop.url}/again` })).id,
    huge: (await createMonitor(server, { name: "huge", url: `${targets.huge.url}/` })).id,
    hugeText: (
      await createMonitor(server, {
        name: "hugeText",
        url: `${targets.hugeText.url}/`,
        alert_condition: "url_no_text",
        alert_text_lookup: "READY",
      })
    ).id,
    healthy: (await createMonitor(server, { name: "healthy", url: `${targets.healthy.url}/` })).id,
  };

  const round = server.runChecks();
  // While the hanging target holds its check, the API answers.
  await targets.hang.waitForRequests(1);
  expect((await api(server, "GET", "/api/v1/monitors?per_page=10")).status).toBe(200);
  const summary = await round;
  // Up: the healthy target, and the 100 MB one, whose status line says 200.
  expect(summary).toMatchObject({ checked: 7, up: 2, down: 5, dropped: 0 });

  const result = async (id: number) => {
    const m = (await api(server, "GET", `/api/v1/monitors/${id}`)).body.data;
    return `${m.status}: ${m.check_result}`;
  };
  expect(await result(ids.hang)).toBe("offline: timed out after 15000 ms");
  expect(await result(ids.refused)).toMatch(/^offline: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  expect(await result(ids.garbage)).toMatch(/^offline: Parse Error/);
  expect(await result(ids.loop)).toBe("offline: too many redirects (more than 3)");
  expect(targets.loop.requests).toHaveLength(4);
  // Availability needs only the status line: the body is never read.
  expect(await result(ids.huge)).toBe("online: 200 OK");
  expect(targets.huge.bytesSent()).toBeLessThan(HUNDRED_MB / 4);
  // A lookup reads at most maxBodyBytes: text past that is not seen.
  expect(await result(ids.hugeText)).toBe('offline: 200 OK, text "READY" not found');
  expect(targets.hugeText.bytesSent()).toBeLessThan(HUNDRED_MB / 4);
  expect(await result(ids.healthy)).toBe("online: 200 OK");

  // Every down opened its incident, with the reason as its cause.
  const incidents = (await api(server, "GET", "/api/v1/incidents?per_page=100")).body.data;
  const causes = incidents.map((i: { cause: string }) => i.cause);
  expect(causes).toHaveLength(5);
  expect(causes).toEqual(
    expect.arrayContaining([
      "timed out after 15000 ms",
      "too many redirects (more than 3)",
      '200 OK, text "READY" not found',
      expect.stringMatching(/^connect ECONNREFUSED/),
      expect.stringMatching(/^Parse Error/),
    ]),
  );
});

test("afterwards the server answers and checks as before", async () => {
  targets.hang.failing(504);
  const summary = await server.runChecks();
  expect(summary).toMatchObject({ checked: 7, up: 2, down: 5 });
  expect((await api(server, "GET", "/api/v1/status", { key: null })).status).toBe(200);
});
