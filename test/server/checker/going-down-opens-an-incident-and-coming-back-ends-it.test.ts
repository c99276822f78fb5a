/**
 * Status moves and the incidents they open and end: pending → online → offline (an
 * incident opens, its cause the status line) → still offline (no second incident) →
 * online (the incident ends). Paused monitors and monitors inside their maintenance
 * window are not checked. The service's write-once rules hold for what the checker wrote.
 * The last check's time, result and response time come back with the monitor.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { api, createIncident, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let clock = Date.parse("2024-06-01T12:00:00Z");
let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({ now: () => clock });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});
beforeEach(() => target.healthy());

const show = async (id: number) => (await api(server, "GET", `/api/v1/monitors/${id}`)).body.data;
const incidentsOf = async (id: number) =>
  (await api(server, "GET", `/api/v1/incidents?monitor_id=${id}&per_page=100&sort_by=started_at&sort=asc`)).body.data;
const at = (iso: string) => (clock = Date.parse(iso));

test("a new monitor is pending until its first check, which records time, result and response time", async () => {
  const m = await createMonitor(server, { url: `${target.url}/a` });
  expect(m).toMatchObject({ status: "pending", checked_at: null, response_time: null, check_result: null });
  at("2024-06-01T12:00:05Z");
  await server.runChecks();
  const after = await show(m.id);
  expect(after).toMatchObject({
    status: "online",
    checked_at: "2024-06-01T12:00:05.000000Z",
    started_at: "2024-06-01T12:00:05.000000Z",
    check_result: "200 OK",
    // A check's own bookkeeping does not count as a change of the monitor.
    updated_at: m.updated_at,
  });
  expect(Number.isInteger(after.response_time) && after.response_time >= 0).toBe(true);
});

test("down opens one incident, staying down opens no other, up ends it", async () => {
  at("2024-06-01T13:00:00Z");
  const m = await createMonitor(server, { url: `${target.url}/b` });
  await server.runChecks();
  expect((await show(m.id)).status).toBe("online");

  target.failing(503);
  at("2024-06-01T13:01:00Z");
  await server.runChecks();
  expect(await show(m.id)).toMatchObject({
    status: "offline",
    started_at: "2024-06-01T13:01:00.000000Z",
    check_result: "503 Service Unavailable",
  });
  expect(await incidentsOf(m.id)).toMatchObject([
    {
      status: "unresolved",
      started_at: "2024-06-01T13:01:00.000000Z",
      ended_at: null,
      cause: "503 Service Unavailable",
    },
  ]);

  target.failing(500);
  at("2024-06-01T13:02:00Z");
  await server.runChecks();
  const still = await incidentsOf(m.id);
  expect(still).toHaveLength(1);
  // The incident keeps the cause it opened with; the monitor shows the latest result.
  expect(still[0].cause).toBe("503 Service Unavailable");
  expect(await show(m.id)).toMatchObject({
    status: "offline",
    started_at: "2024-06-01T13:01:00.000000Z",
    check_result: "500 Internal Server Error",
  });

  target.healthy();
  at("2024-06-01T13:05:00Z");
  await server.runChecks();
  expect(await show(m.id)).toMatchObject({ status: "online", started_at: "2024-06-01T13:05:00.000000Z" });
  expect(await incidentsOf(m.id)).toMatchObject([{ status: "resolved", ended_at: "2024-06-01T13:05:00.000000Z" }]);
});

test("the checker's ended_at is written once: a later value through the API is ignored", async () => {
  at("2024-06-01T14:00:00Z");
  const m = await createMonitor(server, { url: `${target.url}/c` });
  target.failing(502);
  await server.runChecks();
  const [opened] = await incidentsOf(m.id);
  // Acknowledging is still open to the user while the incident is ongoing.
  at("2024-06-01T14:00:30Z");
  const ack = await api(server, "PATCH", `/api/v1/incidents/${opened.id}`, {
    form: { acknowledged_at: "2024-06-01T14:00:20" },
  });
  expect(ack.body.data.status).toBe("acknowledged");

  target.healthy();
  at("2024-06-01T14:10:00Z");
  await server.runChecks();
  const patched = await api(server, "PATCH", `/api/v1/incidents/${opened.id}`, {
    form: { ended_at: "2024-06-01T14:05:00", acknowledged_at: "2024-06-01T14:01:00" },
  });
  expect(patched.status).toBe(200);
  expect(patched.body.data).toMatchObject({
    status: "resolved",
    acknowledged_at: "2024-06-01T14:00:20.000000Z",
    ended_at: "2024-06-01T14:10:00.000000Z",
    cause: "502 Bad Gateway",
  });
});

test("an incident someone stored by hand on a healthy monitor is ended by the next check", async () => {
  at("2024-06-01T15:00:00Z");
  const m = await createMonitor(server, { url: `${target.url}/d` });
  await server.runChecks();
  const manual = await createIncident(server, {
    monitor_id: m.id,
    started_at: "2024-06-01T14:59:00",
    cause: "planned failover",
  });
  expect((await show(m.id)).status).toBe("offline");
  at("2024-06-01T15:01:00Z");
  await server.runChecks();
  expect((await show(m.id)).status).toBe("online");
  expect(await incidentsOf(m.id)).toMatchObject([
    { id: manual.id, status: "resolved", cause: "planned failover", ended_at: "2024-06-01T15:01:00.000000Z" },
  ]);
});

test("a paused monitor is not checked and stays paused; resumed, it is checked again", async () => {
  at("2024-06-01T16:00:00Z");
  const t = await startTarget();
  try {
    const m = await createMonitor(server, { url: `${t.url}/paused` });
    await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: 1 } });
    t.failing();
    await server.runChecks();
    expect(t.requests).toHaveLength(0);
    expect(await show(m.id)).toMatchObject({ status: "paused", checked_at: null });
    expect(await incidentsOf(m.id)).toEqual([]);

    await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: 0 } });
    await server.runChecks();
    expect(t.requests).toHaveLength(1);
    expect((await show(m.id)).status).toBe("offline");
    expect(await incidentsOf(m.id)).toHaveLength(1);
  } finally {
    await t.close();
  }
});

test("a monitor inside its maintenance window is not checked and shows maintenance; after it, it is checked", async () => {
  at("2024-06-01T17:30:00Z");
  const t = await startTarget();
  try {
    const m = await createMonitor(server, {
      url: `${t.url}/maint`,
      maintenance_start_at: "2024-06-01T17:00:00",
      maintenance_end_at: "2024-06-01T18:00:00",
    });
    t.failing();
    await server.runChecks();
    expect(t.requests).toHaveLength(0);
    expect((await show(m.id)).status).toBe("maintenance");

    at("2024-06-01T18:00:00Z");
    await server.runChecks();
    expect(t.requests).toHaveLength(1);
    expect((await show(m.id)).status).toBe("offline");
  } finally {
    await t.close();
  }
});
