/** What a new monitor looks like: defaults, status, dates, and a password that never comes back. */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";
import { monitorDefaults } from "../support/monitor-defaults";
import { everyFieldMonitorBody } from "../support/monitor-bodies";

const NOW = Date.parse("2024-06-01T12:00:00Z");
let server: UptimeServer;
let berlin: UptimeServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  berlin = await startTestServer({ now: () => NOW, accounts: [{ apiKey: "berlin-key", timeZone: "Europe/Berlin" }] });
});
afterAll(async () => {
  await server.close();
  await berlin.close();
});

test("optional fields left out get the service's defaults", async () => {
  const res = await api(server, "POST", "/api/v1/monitors", {
    form: { name: "Defaults", url: "https://example.com", interval: 60 },
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toEqual({
    id: expect.any(Number),
    name: "Defaults",
    url: "https://example.com",
    interval: 60,
    status: "pending",
    ...monitorDefaults(),
    ssl_ends_at: null,
    domain_ends_at: null,
    started_at: null,
    checked_at: null,
    response_time: null,
    check_result: null,
    created_at: "2024-06-01T12:00:00.000000Z",
    updated_at: "2024-06-01T12:00:00.000000Z",
  });
});

test("every field given is stored and returned, except the password", async () => {
  const body = everyFieldMonitorBody("Everything");
  const { request_auth_password: password, ...readable } = body;
  const res = await api(server, "POST", "/api/v1/monitors", { form: body });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    ...readable,
    status: "pending",
    // Dates come back in UTC, the zone of this account.
    maintenance_start_at: `${readable.maintenance_start_at}.000000Z`,
    maintenance_end_at: `${readable.maintenance_end_at}.000000Z`,
  });
  expect(res.text).not.toContain(password);
  expect(res.body.data).not.toHaveProperty("request_auth_password");
  const shown = await api(server, "GET", `/api/v1/monitors/${res.body.data.id}`);
  expect(shown.text).not.toContain(password);
  const listed = await api(server, "GET", "/api/v1/monitors");
  expect(listed.text).not.toContain(password);
});

test("date inputs are wall time in the account's zone and come back in UTC", async () => {
  const m = await createMonitor(
    berlin,
    { maintenance_start_at: "2024-07-01T22:00:00", maintenance_end_at: "2024-07-02T02:00:00" },
    "berlin-key",
  );
  // CEST is UTC+2 in July.
  expect(m.maintenance_start_at).toBe("2024-07-01T20:00:00.000000Z");
  expect(m.maintenance_end_at).toBe("2024-07-02T00:00:00.000000Z");
});

test("status is maintenance while now is inside the window", async () => {
  const m = await createMonitor(server, {
    maintenance_start_at: "2024-06-01T11:00:00",
    maintenance_end_at: "2024-06-01T13:00:00",
  });
  expect(m.status).toBe("maintenance");
});

test("numbers and booleans may come as JSON types or form strings", async () => {
  const json = await api(server, "POST", "/api/v1/monitors", {
    json: { name: "JSON types", url: "https://example.com", interval: 180, cache_buster: true, ssl_alert_days: 7 },
  });
  expect(json.status).toBe(201);
  expect(json.body.data).toMatchObject({ interval: 180, cache_buster: 1, ssl_alert_days: 7 });
  const form = await api(server, "POST", "/api/v1/monitors", {
    body: "name=Form+strings&url=https%3A%2F%2Fexample.com&interval=180&cache_buster=1&ssl_alert_days=7",
    contentType: "application/x-www-form-urlencoded",
  });
  expect(form.status).toBe(201);
  expect(form.body.data).toMatchObject({ interval: 180, cache_buster: 1, ssl_alert_days: 7 });
});
