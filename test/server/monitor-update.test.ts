/** Updates are partial (PUT and PATCH alike), empty values clear, and `pause` moves the status. */
import { expect, test } from "vitest";
import { api, createIncident, createMonitor, expectRejected } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";
import { monitorDefaults } from "../support/monitor-defaults";

const clock = { now: Date.parse("2024-06-01T12:00:00Z") };
const server = fileFixture(() => startTestServer({ now: () => clock.now }));

const full = {
  alert_condition: "url_text",
  alert_text_lookup: "Welcome",
  request_method: "HEAD",
  request_headers: [{ key: "X-A", value: "1" }],
  request_auth_username: "u",
  request_auth_password: "p",
  cache_buster: 1,
  ssl_alert_days: 7,
  domain_alert_days: 14,
  maintenance_start_at: "2025-01-01T00:00:00",
  maintenance_end_at: "2025-01-01T01:00:00",
  alerts: [{ key: "email", value: "a@example.com" }],
};

test.each(["PUT", "PATCH"])("%s changes only the fields sent", async (method) => {
  const m = await createMonitor(server, full);
  clock.now += 1000;
  const res = await api(server, method, `/api/v1/monitors/${m.id}`, { form: { interval: 900 } });
  expect(res.status).toBe(200);
  const updatedAt = new Date(clock.now).toISOString().replace("Z", "000Z");
  expect(res.body.data).toEqual({ ...m, interval: 900, updated_at: updatedAt });
  expect(updatedAt).not.toBe(m.updated_at);
});

test("empty values clear optional fields and restore defaults", async () => {
  const m = await createMonitor(server, full);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {
    body: [
      "alert_condition=",
      "alert_text_lookup=",
      "request_method=",
      "request_headers=",
      "request_auth_username=",
      "request_auth_password=",
      "cache_buster=",
      "ssl_alert_days=",
      "domain_alert_days=",
      "maintenance_start_at=",
      "maintenance_end_at=",
      "alerts=",
    ].join("&"),
    contentType: "application/x-www-form-urlencoded",
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({
    ...monitorDefaults(),
  });
});

test("JSON null clears like an empty form value", async () => {
  const m = await createMonitor(server, full);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {
    json: { alerts: null, alert_condition: null, alert_text_lookup: null },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ alerts: [], alert_condition: "url_unavailable", alert_text_lookup: null });
});

test("a list sent replaces the stored list", async () => {
  const m = await createMonitor(server, full);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {
    form: {
      alerts: [
        { key: "sms", value: "+123456" },
        { key: "telegram", value: "bot:1 42" },
      ],
    },
  });
  expect(res.body.data.alerts).toEqual([
    { key: "sms", value: "+123456" },
    { key: "telegram", value: "bot:1 42" },
  ]);
});

test("required fields cannot be cleared", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PUT", `/api/v1/monitors/${m.id}`, {
    body: "name=&url=&interval=",
    contentType: "application/x-www-form-urlencoded",
  });
  expectRejected(res, {
    name: ["The name field is required."],
    url: ["The url field is required."],
    interval: ["The interval field is required."],
  });
  expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data).toEqual(m);
});

test("alert_text_lookup is required by the condition after merging with the stored monitor", async () => {
  const m = await createMonitor(server);
  const alone = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { alert_condition: "url_no_text" } });
  expectRejected(alone, {
    alert_text_lookup: ["The alert text lookup field is required when alert condition is url_no_text."],
  });
  const withText = await createMonitor(server, { alert_condition: "url_text", alert_text_lookup: "Down" });
  const clearing = await api(server, "PATCH", `/api/v1/monitors/${withText.id}`, { form: { alert_text_lookup: "" } });
  expect(clearing.status).toBe(422);
  // The stored lookup satisfies a condition change.
  const switching = await api(server, "PATCH", `/api/v1/monitors/${withText.id}`, {
    form: { alert_condition: "url_no_text" },
  });
  expect(switching.status).toBe(200);
  expect(switching.body.data).toMatchObject({ alert_condition: "url_no_text", alert_text_lookup: "Down" });
});

test("a failed update changes nothing", async () => {
  const m = await createMonitor(server, full);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { name: "Renamed", interval: 5 } });
  expectRejected(res, { interval: ["The selected interval is invalid."] });
  expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data).toEqual(m);
});

test("an update that changes nothing keeps updated_at", async () => {
  const m = await createMonitor(server);
  clock.now += 5000;
  const same = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { name: m.name, interval: m.interval } });
  expect(same.body.data).toEqual(m);
  const empty = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {});
  expect(empty.status).toBe(200);
  expect(empty.body.data).toEqual(m);
});

test("the Basic auth pair must be sent together on update too", async () => {
  const m = await createMonitor(server, { request_auth_username: "u", request_auth_password: "p" });
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { request_auth_username: "v" } });
  expectRejected(res, {
    request_auth_password: ["The request auth password field is required when request auth username is present."],
  });
});

test("pause: truthy pauses, falsy resumes online, or offline while an incident is open", async () => {
  const m = await createMonitor(server);
  expect(m.status).toBe("pending");
  for (const value of ["1", "true"]) {
    const paused = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: value } });
    expect(paused.body.data.status).toBe("paused");
    const resumed = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {
      form: { pause: value === "1" ? "0" : "false" },
    });
    expect(resumed.body.data.status).toBe("online");
  }
  expect((await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { json: { pause: true } })).body.data.status).toBe(
    "paused",
  );
  await createIncident(server, { monitor_id: m.id, started_at: "2024-06-01T11:00:00" });
  // An incident opened while paused leaves the monitor paused.
  expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data.status).toBe("paused");
  const resumed = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { json: { pause: false } });
  expect(resumed.body.data.status).toBe("offline");
});

test("pause must be a boolean", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: "maybe" } });
  expectRejected(res, { pause: ["The pause field must be true or false."] });
});

test("a paused monitor inside its maintenance window still reports paused", async () => {
  const m = await createMonitor(server, {
    maintenance_start_at: "2024-06-01T00:00:00",
    maintenance_end_at: "2024-06-30T00:00:00",
  });
  expect(m.status).toBe("maintenance");
  const paused = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { pause: 1 } });
  expect(paused.body.data.status).toBe("paused");
});
