/**
 * Where the description and the server once disagreed (Schemathesis: a request described
 * as invalid was accepted), both now give the same verdict, checked field by field: the
 * body validated against the description's schema with a JSON Schema 2020-12 validator,
 * and sent to the local server. An empty value is "not given" for every optional field,
 * refused for required ones and for name, url and interval on update; flags take both
 * spellings; a list entry with both sides blank is dropped.
 */
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, test } from "vitest";
import { openApiDocument } from "../../src/openapi";
import { api, createIncident, createMonitor, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- OpenAPI JSON, read freely
const schemas = (openApiDocument() as Json).components.schemas as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
const describedValid = (component: string, body: Json) => ajv.validate(schemas[component], body);

const server = fileFixture(() => startTestServer());

const optional = (component: string) =>
  Object.keys(schemas[component].properties).filter((f) => !(schemas[component].required ?? []).includes(f));

/** Each of `fields`, sent alone and empty to `path`, is described valid by `component` and updates (200). */
async function expectEachEmptyUpdateAccepted(component: string, path: string, fields: string[]) {
  for (const field of fields) {
    expect(describedValid(component, { [field]: "" }), field).toBe(true);
    expect((await api(server, "PATCH", path, { form: { [field]: "" } })).status, field).toBe(200);
  }
}

describe("an empty value", () => {
  test("of each optional monitor field on store: described valid, and stored", async () => {
    for (const field of optional("MonitorStore")) {
      const body = { ...monitorInput(), [field]: "" };
      expect(describedValid("MonitorStore", { ...body, interval: 300 }), field).toBe(true);
      expect((await api(server, "POST", "/api/v1/monitors", { form: body })).status, field).toBe(201);
    }
  });

  test("of name, url or interval: described invalid, and refused naming the field (store and update)", async () => {
    const monitor = await createMonitor(server);
    for (const field of ["name", "url", "interval"]) {
      expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, [field]: "" }), field).toBe(false);
      expect(describedValid("MonitorUpdate", { [field]: "" }), field).toBe(false);
      const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { form: { [field]: "" } });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.message), field).toEqual([field]);
    }
  });

  test("of each other monitor field on update, pause included: described valid, and accepted", async () => {
    const monitor = await createMonitor(server);
    const fields = optional("MonitorUpdate").filter((f) => !["name", "url", "interval"].includes(f));
    await expectEachEmptyUpdateAccepted("MonitorUpdate", `/api/v1/monitors/${monitor.id}`, fields);
  });

  test("of each optional incident field on store and update: described valid, and accepted", async () => {
    for (const field of optional("IncidentStore")) {
      const monitor = await createMonitor(server);
      const body = { monitor_id: monitor.id, started_at: "2026-01-02T03:04:05", [field]: "" };
      expect(describedValid("IncidentStore", body), field).toBe(true);
      expect((await api(server, "POST", "/api/v1/incidents", { form: body })).status, field).toBe(201);
    }
    const incident = await createIncident(server, {
      monitor_id: (await createMonitor(server)).id,
      started_at: "2026-01-02T03:04:05",
    });
    await expectEachEmptyUpdateAccepted(
      "IncidentUpdate",
      `/api/v1/incidents/${incident.id}`,
      optional("IncidentUpdate"),
    );
  });
});

test("flags take both spellings: cache_buster true/false, pause 1/0", async () => {
  const monitor = await createMonitor(server);
  const body = { cache_buster: true, pause: 1 };
  expect(describedValid("MonitorUpdate", body)).toBe(true);
  const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { form: body });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ cache_buster: 1, status: "paused" });
  expect(describedValid("MonitorUpdate", { cache_buster: 2 })).toBe(false);
  expect((await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { form: { cache_buster: 2 } })).status).toBe(
    422,
  );
});

test("a list entry with both sides blank is described valid and dropped; one blank side is refused", async () => {
  const alerts = [
    { key: "", value: " " },
    { key: "email", value: "ops@example.com" },
  ];
  expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, alerts })).toBe(true);
  const stored = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ alerts }) });
  expect(stored.status).toBe(201);
  expect(stored.body.data.alerts).toEqual([{ key: "email", value: "ops@example.com" }]);
  const halfBlank = [{ key: "email", value: "" }];
  expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, alerts: halfBlank })).toBe(false);
  expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ alerts: halfBlank }) })).status).toBe(
    422,
  );
});

test("URLs of the shapes the fuzzer drew (any-case scheme, IPv4, user info, port 0) are described valid and stored", async () => {
  for (const url of ["HttPs://214.175.215.84:0", "http://user@host.example:65535/p?q#f", "https://a_b.example./x"]) {
    expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, url }), url).toBe(true);
    expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ url }) })).status, url).toBe(201);
  }
  for (const url of ["ftp://example.com", "https://example.com:65536", "http://exa mple.com"]) {
    expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, url }), url).toBe(false);
    expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ url }) })).status, url).toBe(422);
  }
});

test("pairs and the text lookup are described as the server checks them: each required with the other", async () => {
  const bodies: Json[] = [
    { request_auth_username: "u" },
    { request_auth_password: "p" },
    { maintenance_start_at: "2026-01-02T03:04:05" },
    { alert_condition: "url_text" },
    { alert_condition: "url_no_text", alert_text_lookup: " " },
  ];
  for (const extra of bodies) {
    const body = { ...monitorInput(), ...extra };
    expect(describedValid("MonitorStore", { ...body, interval: 300 }), JSON.stringify(extra)).toBe(false);
    expect((await api(server, "POST", "/api/v1/monitors", { form: body })).status, JSON.stringify(extra)).toBe(422);
  }
  const complete = {
    request_auth_username: "u",
    request_auth_password: "p",
    alert_condition: "url_text",
    alert_text_lookup: "down",
  };
  expect(describedValid("MonitorStore", { ...monitorInput(), interval: 300, ...complete })).toBe(true);
  expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput(complete) })).status).toBe(201);
});

test("a form field without a name is described as invalid, and refused, in every body", async () => {
  const monitor = await createMonitor(server);
  // The store goes to a monitor without an open incident, so nothing but the name is wrong.
  const other = await createMonitor(server);
  const incident = await createIncident(server, { monitor_id: monitor.id, started_at: "2026-01-02T03:04:05" });
  const cases: [string, Json, string, string, string][] = [
    [
      "MonitorStore",
      { ...monitorInput(), interval: 300 },
      "POST",
      "/api/v1/monitors",
      "name=nameless-field&url=https%3A%2F%2Fexample.com&interval=300",
    ],
    ["MonitorUpdate", {}, "PATCH", `/api/v1/monitors/${monitor.id}`, "interval=600"],
    [
      "IncidentStore",
      { monitor_id: other.id, started_at: "2026-01-02T03:04:05" },
      "POST",
      "/api/v1/incidents",
      `monitor_id=${other.id}&started_at=2026-01-02T03%3A04%3A05`,
    ],
    ["IncidentUpdate", {}, "PUT", `/api/v1/incidents/${incident.id}`, "cause=x"],
  ];
  for (const [component, valid, method, path, named] of cases) {
    expect(describedValid(component, valid), component).toBe(true);
    // Whatever the value: a form sends a list or an object under an empty name as `=` or `[key]=`.
    for (const value of ["x", "", 1, null, [], {}, { name: "x" }])
      expect(describedValid(component, { ...valid, "": value }), `${component} ${JSON.stringify(value)}`).toBe(false);
    for (const pair of ["=x", "=", "[name]=x"]) {
      const res = await api(server, method, path, {
        body: `${pair}&${named}`,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.status, `${component} ${pair}`).toBe(422);
      expect(Object.keys(res.body.message), `${component} ${pair}`).toEqual([""]);
    }
  }
});

test("an update's monitor_id: empty is described valid and accepted, blank described invalid and refused", async () => {
  const monitor = await createMonitor(server);
  const incident = await createIncident(server, { monitor_id: monitor.id, started_at: "2026-01-02T03:04:05" });
  for (const [value, valid] of [
    ["", true],
    [" ", false],
    ["\t", false],
    ["\u00a0", false],
  ] as const) {
    expect(describedValid("IncidentUpdate", { monitor_id: value }), JSON.stringify(value)).toBe(valid);
    for (const method of ["PUT", "PATCH"]) {
      const res = await api(server, method, `/api/v1/incidents/${incident.id}`, { form: { monitor_id: value } });
      expect(res.status, `${method} ${JSON.stringify(value)}`).toBe(valid ? 200 : 422);
    }
  }
});
