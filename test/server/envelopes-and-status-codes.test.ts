/** Every endpoint answers with the service's envelope and success status code. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createMonitor } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
let server: UptimeServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test("GET /api/v1/status answers Online without a key", async () => {
  const res = await api(server, "GET", "/api/v1/status", { key: null });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: "Online.", status: 200 });
  expect(res.headers["content-type"]).toMatch(/application\/json/);
});

describe("monitors", () => {
  test("store is 201 { data, status: 201 } with every response field", async () => {
    const res = await api(server, "POST", "/api/v1/monitors", {
      form: { name: "Envelope store", url: "https://example.com", interval: 60 },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["data", "status"]);
    expect(Object.keys(res.body.data).sort()).toEqual([
      "alert_condition",
      "alert_text_lookup",
      "alerts",
      "cache_buster",
      "check_result",
      "checked_at",
      "created_at",
      "domain_alert_days",
      "domain_ends_at",
      "id",
      "interval",
      "maintenance_end_at",
      "maintenance_start_at",
      "name",
      "request_auth_username",
      "request_headers",
      "request_method",
      "response_time",
      "ssl_alert_days",
      "ssl_ends_at",
      "started_at",
      "status",
      "updated_at",
      "url",
    ]);
    expect(res.body.data.created_at).toMatch(ISO);
    expect(res.body.data.updated_at).toMatch(ISO);
    expect(typeof res.body.data.id).toBe("number");
  });

  test("show is 200 { data, status: 200 }", async () => {
    const m = await createMonitor(server);
    const res = await api(server, "GET", `/api/v1/monitors/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: m, status: 200 });
  });

  test.each(["PUT", "PATCH"])("update with %s is 200 { data, status: 200 }", async (method) => {
    const m = await createMonitor(server);
    const res = await api(server, method, `/api/v1/monitors/${m.id}`, { form: { interval: 600 } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, name: m.name, interval: 600 });
  });

  test("delete is 200 { id, object, deleted, status } and the monitor is gone", async () => {
    const m = await createMonitor(server);
    const res = await api(server, "DELETE", `/api/v1/monitors/${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: m.id, object: "monitor", deleted: true, status: 200 });
    expect((await api(server, "GET", `/api/v1/monitors/${m.id}`)).status).toBe(404);
  });

  test("list is 200 with data, links, meta and status", async () => {
    const res = await api(server, "GET", "/api/v1/monitors");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "links", "meta", "status"]);
    expect(res.body.status).toBe(200);
    expect(Object.keys(res.body.links).sort()).toEqual(["first", "last", "next", "prev"]);
    expect(Object.keys(res.body.meta).sort()).toEqual([
      "current_page",
      "from",
      "last_page",
      "links",
      "path",
      "per_page",
      "to",
      "total",
    ]);
    expect(res.body.meta.path).toBe(`${server.url}/api/v1/monitors`);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});

describe("incidents", () => {
  test("store, show, update (PUT and PATCH), list and delete", async () => {
    const m = await createMonitor(server);
    const store = await api(server, "POST", "/api/v1/incidents", {
      form: { monitor_id: m.id, started_at: "2024-05-01T10:00:00", cause: "500 Internal Server Error" },
    });
    expect(store.status).toBe(201);
    expect(store.body.status).toBe(201);
    expect(store.body.data).toEqual({
      id: expect.any(Number),
      monitor_id: m.id,
      status: "unresolved",
      started_at: "2024-05-01T10:00:00.000000Z",
      acknowledged_at: null,
      ended_at: null,
      cause: "500 Internal Server Error",
      comment: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const id = store.body.data.id;

    const show = await api(server, "GET", `/api/v1/incidents/${id}`);
    expect(show.status).toBe(200);
    expect(show.body).toEqual({ data: store.body.data, status: 200 });

    const put = await api(server, "PUT", `/api/v1/incidents/${id}`, { form: { comment: "looking" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ data: { id, comment: "looking" }, status: 200 });
    const patch = await api(server, "PATCH", `/api/v1/incidents/${id}`, { form: { cause: "timeout" } });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ data: { id, cause: "timeout", comment: "looking" }, status: 200 });

    const list = await api(server, "GET", "/api/v1/incidents");
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(200);
    expect(list.body.data.map((i: { id: number }) => i.id)).toContain(id);
    expect(list.body.meta.path).toBe(`${server.url}/api/v1/incidents`);

    const del = await api(server, "DELETE", `/api/v1/incidents/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id, object: "incident", deleted: true, status: 200 });
    expect((await api(server, "GET", `/api/v1/incidents/${id}`)).status).toBe(404);
  });
});

test("a missing id is 404 Resource not found for every item route", async () => {
  for (const resource of ["monitors", "incidents"]) {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(
        server,
        method,
        `/api/v1/${resource}/999999`,
        method === "GET" || method === "DELETE" ? {} : { form: { cause: "x" } },
      );
      expect(res.status, `${method} ${resource}`).toBe(404);
      expect(res.body).toEqual({ message: "Resource not found.", status: 404 });
    }
  }
});

test("HEAD is answered like GET without a body", async () => {
  const res = await api(server, "HEAD", "/api/v1/monitors");
  expect(res.status).toBe(200);
  expect(res.text).toBe("");
});
