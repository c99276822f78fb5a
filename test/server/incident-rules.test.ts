/**
 * Incident rules: derived status, first value wins for acknowledged_at/ended_at, one ongoing
 * incident per monitor, time order and "not in the future", and the monitor status moves.
 */
import { describe, expect, test } from "vitest";
import { api, createIncident, createMonitor, expectRejected, snapshot } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const NOW = Date.parse("2024-06-01T12:00:00Z");
const server = fileFixture(() => startTestServer({ now: () => NOW }));

const monitorStatus = async (id: number) => (await api(server, "GET", `/api/v1/monitors/${id}`)).body.data.status;
const store = (form: Record<string, unknown>) => api(server, "POST", "/api/v1/incidents", { form });
const patch = (id: number, form: Record<string, unknown>) => api(server, "PATCH", `/api/v1/incidents/${id}`, { form });
/** An incident of monitor `monitorId` stored already over. */
const endedIncident = (monitorId: number, started_at: string, ended_at: string) =>
  createIncident(server, { monitor_id: monitorId, started_at, ended_at });

describe("derived status", () => {
  test("unresolved, then acknowledged, then resolved", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    expect(i.status).toBe("unresolved");
    const ack = await patch(i.id, { acknowledged_at: "2024-06-01T08:05:00" });
    expect(ack.body.data).toMatchObject({ status: "acknowledged", acknowledged_at: "2024-06-01T08:05:00.000000Z" });
    const end = await patch(i.id, { ended_at: "2024-06-01T09:00:00" });
    expect(end.body.data).toMatchObject({ status: "resolved", ended_at: "2024-06-01T09:00:00.000000Z" });
  });

  test.each([
    ["an incident ended without acknowledgement is resolved", "ended_at", "resolved"],
    ["an incident stored acknowledged is acknowledged", "acknowledged_at", "acknowledged"],
  ])("%s", async (_, field, status) => {
    const m = await createMonitor(server);
    const i = await createIncident(server, {
      monitor_id: m.id,
      started_at: "2024-06-01T08:00:00",
      [field]: "2024-06-01T08:01:00",
    });
    expect(i.status).toBe(status);
  });
});

describe("acknowledged_at and ended_at: the first value wins", () => {
  test.each(["acknowledged_at", "ended_at"])("%s cannot be changed or cleared once set, silently", async (field) => {
    const m = await createMonitor(server);
    const i = await createIncident(server, {
      monitor_id: m.id,
      started_at: "2024-06-01T08:00:00",
      [field]: "2024-06-01T08:30:00",
    });
    for (const form of [{ [field]: "2024-06-01T09:00:00" }, { [field]: "" }, { [field]: "2024-06-01T07:00:00" }]) {
      const res = await patch(i.id, form);
      expect(res.status).toBe(200);
      expect(res.body.data[field]).toBe("2024-06-01T08:30:00.000000Z");
    }
    expect((await api(server, "GET", `/api/v1/incidents/${i.id}`)).body.data).toEqual(i);
  });

  test("a malformed date is still rejected after the field is set", async () => {
    const m = await createMonitor(server);
    const i = await endedIncident(m.id, "2024-06-01T08:00:00", "2024-06-01T08:30:00");
    const res = await patch(i.id, { ended_at: "tomorrow" });
    expectRejected(res, { ended_at: ["The ended at does not match the format Y-m-dTH:i:s."] });
  });
});

describe("one ongoing incident per monitor", () => {
  test("a second incident while one is open is 422, and allowed once it ended", async () => {
    const m = await createMonitor(server);
    const first = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    const before = await snapshot(server);
    const second = await store({ monitor_id: m.id, started_at: "2024-06-01T09:00:00" });
    expectRejected(second, { monitor_id: ["The monitor already has an ongoing incident."] });
    // Even an already-ended one is refused while another is open.
    const history = await store({
      monitor_id: m.id,
      started_at: "2024-06-01T09:00:00",
      ended_at: "2024-06-01T09:10:00",
    });
    expect(history.status).toBe(422);
    expect(await snapshot(server)).toEqual(before);
    await patch(first.id, { ended_at: "2024-06-01T10:00:00" });
    await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T10:30:00" });
  });
});

describe("time order", () => {
  test("started_at must be after the previous incident's ended_at", async () => {
    const m = await createMonitor(server);
    await endedIncident(m.id, "2024-06-01T08:00:00", "2024-06-01T10:00:00");
    for (const started_at of ["2024-06-01T09:00:00", "2024-06-01T10:00:00"]) {
      const res = await store({ monitor_id: m.id, started_at });
      expectRejected(res, { started_at: ["The started at must be a date after 2024-06-01T10:00:00."] });
    }
    await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T10:00:01" });
  });

  test.each([
    [
      "nothing may be in the future",
      { started_at: "2024-06-01T12:00:01", acknowledged_at: "2024-06-02T00:00:00", ended_at: "2025-01-01T00:00:00" },
      {
        started_at: ["The started at must be a date before or equal to now."],
        acknowledged_at: ["The acknowledged at must be a date before or equal to now."],
        ended_at: ["The ended at must be a date before or equal to now."],
      },
    ],
    [
      "acknowledged_at and ended_at must be after started_at",
      { started_at: "2024-06-01T08:00:00", acknowledged_at: "2024-06-01T07:00:00", ended_at: "2024-06-01T08:00:00" },
      {
        acknowledged_at: ["The acknowledged at must be a date after started at."],
        ended_at: ["The ended at must be a date after started at."],
      },
    ],
  ])("on store: %s", async (_, dates, messages) => {
    const m = await createMonitor(server);
    expectRejected(await store({ monitor_id: m.id, ...dates }), messages);
  });

  test("on update: nothing may be in the future, and a refused update changes nothing", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T12:00:00" });
    const later = await patch(i.id, { acknowledged_at: "2024-06-01T12:00:01", ended_at: "2024-06-01T13:00:00" });
    expect(later.status).toBe(422);
    expect(Object.keys(later.body.message)).toEqual(["acknowledged_at", "ended_at"]);
    expect((await api(server, "GET", `/api/v1/incidents/${i.id}`)).body.data).toEqual(i);
  });

  test("on update: ended_at must be after started_at", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    const early = await patch(i.id, { ended_at: "2024-06-01T07:59:59" });
    expectRejected(early, { ended_at: ["The ended at must be a date after started at."] });
  });

  test("dates are wall time in the account's zone", async () => {
    const tokyo = await startTestServer({ now: () => NOW, accounts: [{ apiKey: "tokyo", timeZone: "Asia/Tokyo" }] });
    try {
      const m = (
        await api(tokyo, "POST", "/api/v1/monitors", {
          key: "tokyo",
          form: { name: "t", url: "https://example.jp", interval: 60 },
        })
      ).body.data;
      // 2024-06-01T21:00:00 in Tokyo is exactly now (12:00Z): allowed; one second later is the future.
      const late = await api(tokyo, "POST", "/api/v1/incidents", {
        key: "tokyo",
        form: { monitor_id: m.id, started_at: "2024-06-01T21:00:01" },
      });
      expect(late.status).toBe(422);
      const ok = await api(tokyo, "POST", "/api/v1/incidents", {
        key: "tokyo",
        form: { monitor_id: m.id, started_at: "2024-06-01T21:00:00" },
      });
      expect(ok.status).toBe(201);
      expect(ok.body.data.started_at).toBe("2024-06-01T12:00:00.000000Z");
    } finally {
      await tokyo.close();
    }
  });
});

describe("monitor status moves", () => {
  test("opening takes a pending or online monitor offline; ending brings it online", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    expect(await monitorStatus(m.id)).toBe("offline");
    await patch(i.id, { ended_at: "2024-06-01T08:10:00" });
    expect(await monitorStatus(m.id)).toBe("online");
    await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T09:00:00" });
    expect(await monitorStatus(m.id)).toBe("offline");
  });

  test("a paused monitor stays paused through an incident", async () => {
    const m = await createMonitor(server);
    await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: 1 } });
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    expect(await monitorStatus(m.id)).toBe("paused");
    await patch(i.id, { ended_at: "2024-06-01T08:10:00" });
    expect(await monitorStatus(m.id)).toBe("paused");
  });

  test("an incident stored already ended moves no status", async () => {
    const m = await createMonitor(server);
    await endedIncident(m.id, "2024-06-01T08:00:00", "2024-06-01T08:10:00");
    expect(await monitorStatus(m.id)).toBe("pending");
  });

  test("deleting the ongoing incident brings the monitor back online", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    await api(server, "DELETE", `/api/v1/incidents/${i.id}`);
    expect(await monitorStatus(m.id)).toBe("online");
  });
});

describe("store and update fields", () => {
  test("monitor_id and started_at are required on store", async () => {
    const res = await store({ cause: "x" });
    expectRejected(res, {
      monitor_id: ["The monitor id field is required."],
      started_at: ["The started at field is required."],
    });
  });

  test.each([
    ["abc", "The monitor id must be an integer."],
    ["999999", "The selected monitor id is invalid."],
    ["99999999999", "The selected monitor id is invalid."],
  ])("monitor_id %s", async (monitor_id, message) => {
    const res = await store({ monitor_id, started_at: "2024-06-01T08:00:00" });
    expectRejected(res, { monitor_id: [message] });
  });

  test("cause and comment have length limits", async () => {
    const m = await createMonitor(server);
    const res = await store({
      monitor_id: m.id,
      started_at: "2024-06-01T08:00:00",
      cause: "c".repeat(256),
      comment: "c".repeat(1025),
    });
    expectRejected(res, {
      cause: ["The cause must not be greater than 255 characters."],
      comment: ["The comment must not be greater than 1024 characters."],
    });
    const ok = await store({
      monitor_id: m.id,
      started_at: "2024-06-01T08:00:00",
      cause: "c".repeat(255),
      comment: "c".repeat(1024),
    });
    expect(ok.status).toBe(201);
  });

  test("update: monitor_id is prohibited, started_at ignored, cause and comment change and clear", async () => {
    const m = await createMonitor(server);
    const other = await createMonitor(server);
    const i = await createIncident(server, {
      monitor_id: m.id,
      started_at: "2024-06-01T08:00:00",
      cause: "a",
      comment: "b",
    });
    const moved = await patch(i.id, { monitor_id: other.id, comment: "changed" });
    expectRejected(moved, { monitor_id: ["The monitor id field is prohibited."] });
    expect((await api(server, "GET", `/api/v1/incidents/${i.id}`)).body.data).toEqual(i);
    const res = await patch(i.id, { started_at: "2024-06-01T01:00:00", cause: "new cause", comment: "" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      started_at: "2024-06-01T08:00:00.000000Z",
      cause: "new cause",
      comment: null,
    });
  });

  test("unknown fields are rejected on store and update", async () => {
    const m = await createMonitor(server);
    const stored = await store({ monitor_id: m.id, started_at: "2024-06-01T08:00:00", status: "resolved" });
    expectRejected(stored, { status: ["The status field is not allowed."] });
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    const update = await patch(i.id, { resolved: 1 });
    expectRejected(update, { resolved: ["The resolved field is not allowed."] });
  });

  test("deleting a monitor deletes its incidents", async () => {
    const m = await createMonitor(server);
    const i = await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T08:00:00" });
    await api(server, "DELETE", `/api/v1/monitors/${m.id}`);
    expect((await api(server, "GET", `/api/v1/incidents/${i.id}`)).status).toBe(404);
    const list = await api(server, "GET", `/api/v1/incidents?monitor_id=${m.id}`);
    expect(list.body.data).toEqual([]);
  });
});
