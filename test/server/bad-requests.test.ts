/**
 * Requests the service cannot use get a clear 4xx and change nothing: malformed JSON,
 * unsupported content types, oversized bodies, non-numeric ids, unknown routes and fields,
 * wrong methods.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { api, createIncident, createMonitor, snapshot } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON data, set in beforeAll, read freely
let monitor: any, incident: any;
let before: unknown;

beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 64 * 1024 });
  monitor = await createMonitor(server, { name: "Keep me", alerts: [{ key: "email", value: "a@example.com" }] });
  incident = await createIncident(server, { monitor_id: monitor.id, started_at: "2024-01-01T00:00:00" });
  before = await snapshot(server);
});
afterEach(async () => {
  expect(await snapshot(server)).toEqual(before);
});
afterAll(() => server.close());

const writes = () => [
  ["POST", "/api/v1/monitors"],
  ["PATCH", `/api/v1/monitors/${monitor.id}`],
  ["PUT", `/api/v1/monitors/${monitor.id}`],
  ["POST", "/api/v1/incidents"],
  ["PATCH", `/api/v1/incidents/${incident.id}`],
];

describe("malformed JSON is 400", () => {
  test.each(['{"name": ', "{name: 'x'}", "[1,2", "\u0000", '{"a":1}x'])("%j", async (body) => {
    for (const [method, path] of writes()) {
      const res = await api(server, method, path, { body, contentType: "application/json" });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toEqual({ message: "The request body is not valid JSON.", status: 400 });
    }
  });

  test.each(["[]", '"name"', "42", "null", "true"])("a JSON %s that is not an object", async (body) => {
    const res = await api(server, "POST", "/api/v1/monitors", { body, contentType: "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body must be a JSON object.");
  });

  test("a body that is not UTF-8", async () => {
    const res = await api(server, "POST", "/api/v1/monitors", {
      body: Buffer.from([0x6e, 0x3d, 0xff, 0xfe]),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(400);
  });
});

describe("unsupported content types with a body are 415", () => {
  test.each(["text/plain", "multipart/form-data; boundary=x", "application/xml", undefined])(
    "%s",
    async (contentType) => {
      for (const [method, path] of writes()) {
        const res = await api(server, method, path, {
          body: "name=x&url=https://example.com&interval=60",
          contentType,
        });
        expect(res.status, `${method} ${path}`).toBe(415);
        expect(res.body.status).toBe(415);
        expect(res.body.message).toMatch(/content type/i);
      }
    },
  );

  test("an empty body needs no content type", async () => {
    const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { body: "" });
    expect(res.status).toBe(200);
  });

  test("charset parameters and +json types are fine", async () => {
    const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, {
      body: "{}",
      contentType: "application/vnd.api+json; charset=utf-8",
    });
    expect(res.status).toBe(200);
  });
});

describe("bodies over the limit are 413", () => {
  test.each(["application/json", "application/x-www-form-urlencoded"])("%s", async (contentType) => {
    const big =
      contentType === "application/json"
        ? JSON.stringify({ name: "x".repeat(70 * 1024) })
        : `name=${"x".repeat(70 * 1024)}`;
    const res = await api(server, "POST", "/api/v1/monitors", { body: big, contentType });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(413);
  });

  test("the server still answers normally afterwards", async () => {
    expect((await api(server, "GET", `/api/v1/monitors/${monitor.id}`)).status).toBe(200);
  });
});

describe("unknown routes and non-numeric ids are 404", () => {
  test.each([
    ["GET", "/api/v1/monitors/abc"],
    ["PATCH", "/api/v1/monitors/1abc"],
    ["DELETE", "/api/v1/monitors/-1"],
    ["GET", "/api/v1/monitors/1.0"],
    ["GET", "/api/v1/incidents/%31"],
    ["DELETE", "/api/v1/incidents/null"],
    ["GET", "/api/v1/monitors/1/incidents"],
    ["GET", "/api/v1/status-pages"],
    ["GET", "/api/v2/monitors"],
    ["GET", "/api/v1"],
    // "/" is the status page; a path beside it is not.
    ["GET", "/index.html"],
    ["POST", "/monitors"],
  ])("%s %s", async (method, path) => {
    const res = await api(server, method, path, {
      form: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Resource not found.", status: 404 });
  });

  test("an id beyond the id range is a missing resource", async () => {
    const res = await api(server, "GET", "/api/v1/monitors/99999999999999999999");
    expect(res.status).toBe(404);
  });

  test("unknown routes answer 404 even without a key", async () => {
    expect((await api(server, "GET", "/api/v1/nothing", { key: null })).status).toBe(404);
  });
});

describe("a wrong method on a known route is 405", () => {
  test.each([
    ["DELETE", "/api/v1/monitors", "GET, HEAD, POST"],
    ["PUT", "/api/v1/incidents", "GET, HEAD, POST"],
    ["PATCH", "/api/v1/monitors", "GET, HEAD, POST"],
    ["POST", "/api/v1/monitors/1", "GET, HEAD, PUT, PATCH, DELETE"],
    ["POST", "/api/v1/status", "GET, HEAD"],
    ["OPTIONS", "/api/v1/incidents/1", "GET, HEAD, PUT, PATCH, DELETE"],
  ])("%s %s", async (method, path, allow) => {
    const res = await api(server, method, path, { form: method === "OPTIONS" ? undefined : { name: "x" } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body.status).toBe(405);
    expect(res.body.message).toContain(`The ${method} method is not supported for route`);
  });
});

describe("unknown fields are 422 naming them", () => {
  test.each([
    ["a top-level field", { colour: "red" }, "colour"],
    ["a response-only field", { status: "paused" }, "status"],
    ["id", { id: 5 }, "id"],
    ["a nested field", { alerts: [{ key: "email", value: "a@example.com", priority: 1 }] }, "alerts.0.priority"],
  ])("%s", async (_what, fields, key) => {
    const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { json: fields });
    expect(res.status).toBe(422);
    expect(res.body.message[key]).toEqual([`The ${key} field is not allowed.`]);
  });
});

describe("wrongly shaped values are 422, not 500", () => {
  test.each([
    ["name as an object", { name: { first: "x" } }],
    ["name as a list", { name: ["a", "b"] }],
    ["interval as a float", { interval: 60.5 }],
    ["interval as a boolean", { interval: true }],
    ["alerts as a string", { alerts: "email" }],
    ["alerts entry as a string", { alerts: ["email"] }],
    ["alerts value as a number", { alerts: [{ key: "sms", value: 12345 }] }],
    ["headers as a number", { request_headers: 5 }],
    ["maintenance dates as numbers", { maintenance_start_at: 1, maintenance_end_at: 2 }],
    ["a very long text", { alert_text_lookup: "x".repeat(10_000) }],
    ["emoji beyond the limit", { name: "🙂".repeat(129) }],
  ])("%s", async (_what, fields) => {
    const res = await api(server, "PATCH", `/api/v1/monitors/${monitor.id}`, { json: fields });
    expect(res.status).toBe(422);
  });

  test("128 emoji are 128 characters", async () => {
    const res = await api(server, "POST", "/api/v1/monitors", {
      json: { name: "🙂".repeat(128), url: "https://example.com", interval: 60 },
    });
    expect(res.status).toBe(201);
    await api(server, "DELETE", `/api/v1/monitors/${res.body.data.id}`);
  });
});
