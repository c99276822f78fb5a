/** Each account sees only its own monitors and incidents; ids come from one sequence. */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createIncident, createMonitor, snapshot } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

const A = "key-of-account-a";
const B = "key-of-account-b";
let server: UptimeServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON data, set in beforeAll, read freely
let monitorA: any, monitorB: any, incidentA: any;

beforeAll(async () => {
  server = await startTestServer({
    accounts: [
      { apiKey: A, name: "a" },
      { apiKey: B, name: "b" },
    ],
  });
  monitorA = await createMonitor(server, { name: "Shared name" }, A);
  monitorB = await createMonitor(server, { name: "Shared name" }, B);
  incidentA = await createIncident(server, { monitor_id: monitorA.id, started_at: "2024-01-01T00:00:00" }, A);
});
afterAll(() => server.close());

test("the same name is allowed in two accounts and ids do not collide", () => {
  expect(monitorA.name).toBe(monitorB.name);
  expect(monitorB.id).not.toBe(monitorA.id);
});

test("lists are separate", async () => {
  const a = await api(server, "GET", "/api/v1/monitors", { key: A });
  const b = await api(server, "GET", "/api/v1/monitors", { key: B });
  expect(a.body.data.map((m: { id: number }) => m.id)).toEqual([monitorA.id]);
  expect(b.body.data.map((m: { id: number }) => m.id)).toEqual([monitorB.id]);
  expect(a.body.meta.total).toBe(1);
  const ib = await api(server, "GET", "/api/v1/incidents", { key: B });
  expect(ib.body.data).toEqual([]);
  const ia = await api(server, "GET", "/api/v1/incidents", { key: A });
  expect(ia.body.data.map((i: { id: number }) => i.id)).toEqual([incidentA.id]);
});

test.each([
  { what: "monitor", path: () => `/api/v1/monitors/${monitorA.id}`, change: { name: "taken over" } },
  { what: "incident", path: () => `/api/v1/incidents/${incidentA.id}`, change: { comment: "x" } },
])("another account's $what is 404 for show, update and delete, and stays unchanged", async ({ path, change }) => {
  const before = await snapshot(server, A);
  for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
    const res = await api(server, method, path(), {
      key: B,
      form: method === "GET" || method === "DELETE" ? undefined : change,
    });
    expect(res.status, method).toBe(404);
    expect(res.body).toEqual({ message: "Resource not found.", status: 404 });
  }
  expect(await snapshot(server, A)).toEqual(before);
});

test("an incident cannot be opened on another account's monitor", async () => {
  const res = await api(server, "POST", "/api/v1/incidents", {
    key: B,
    form: { monitor_id: monitorA.id, started_at: "2024-02-01T00:00:00" },
  });
  expect(res.status).toBe(422);
  expect(res.body.message.monitor_id).toEqual(["The selected monitor id is invalid."]);
});

test("the incident list's monitor_id filter does not reach into another account", async () => {
  const res = await api(server, "GET", `/api/v1/incidents?monitor_id=${monitorA.id}`, { key: B });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual([]);
});

test("name uniqueness is per account", async () => {
  const res = await api(server, "PATCH", `/api/v1/monitors/${monitorB.id}`, { key: B, form: { name: "Shared name" } });
  expect(res.status).toBe(200);
});
