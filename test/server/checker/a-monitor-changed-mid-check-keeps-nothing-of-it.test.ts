/**
 * A check whose monitor is deleted, paused or edited while its request is under way keeps
 * nothing of what it saw: no incident is left behind, the status is not moved, and the
 * round reports the result as dropped. The target holds each check until the test has
 * made its change, so the order is fixed, not raced.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({ checks: { timeoutMs: 120_000 } });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});
beforeEach(() => target.set({ kind: "hang" }));

/** Starts a round, waits until the target holds the check, runs `change`, then lets the target fail. */
async function failingCheckWith(change: () => Promise<unknown>) {
  const from = target.requests.length;
  const round = server.runChecks();
  await target.waitForRequests(from + 1);
  await change();
  target.failing(500);
  target.release();
  return round;
}

test("deleted mid-check: no incident, nothing recorded", async () => {
  const m = await createMonitor(server, { url: `${target.url}/deleted` });
  const summary = await failingCheckWith(() => api(server, "DELETE", `/api/v1/monitors/${m.id}`));
  expect(summary).toMatchObject({ checked: 1, down: 0, dropped: 1 });
  expect((await api(server, "GET", "/api/v1/incidents")).body.data).toEqual([]);
  expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).status).toBe(404);
});

test("paused mid-check: stays paused, no incident", async () => {
  const m = await createMonitor(server, { url: `${target.url}/paused` });
  const summary = await failingCheckWith(() =>
    api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: 1 } }),
  );
  expect(summary).toMatchObject({ dropped: 1 });
  expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data).toMatchObject({
    status: "paused",
    checked_at: null,
  });
  expect((await api(server, "GET", `/api/v1/incidents?monitor_id=${m.id}`)).body.data).toEqual([]);
  await api(server, "DELETE", `/api/v1/monitors/${m.id}`);
});

test("URL changed mid-check: the old URL's failure is not recorded; the next round checks the new one", async () => {
  const healthy = await startTarget();
  try {
    const m = await createMonitor(server, { url: `${target.url}/old` });
    const summary = await failingCheckWith(() =>
      api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { url: `${healthy.url}/new` } }),
    );
    expect(summary).toMatchObject({ dropped: 1 });
    expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data.status).toBe("pending");
    expect((await api(server, "GET", `/api/v1/incidents?monitor_id=${m.id}`)).body.data).toEqual([]);

    expect(await server.runChecks()).toMatchObject({ checked: 1, up: 1, dropped: 0 });
    expect(healthy.requests.map((r) => r.url)).toEqual(["/new"]);
    expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data.status).toBe("online");
  } finally {
    await healthy.close();
  }
});
