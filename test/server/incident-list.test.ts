/** The incident list: search by monitor/cause/comment, monitor and status filters, sorting, pages. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createIncident, createMonitor } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

const NOW = Date.parse("2024-06-01T12:00:00Z");
let server: UptimeServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON data, set in beforeAll, read freely
let web: any, api1: any, resolvedOld: any, resolvedNew: any, acknowledged: any, open: any;
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((i) => i.id);

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  web = await createMonitor(server, { name: "Website" });
  api1 = await createMonitor(server, { name: "Public API" });
  resolvedOld = await createIncident(server, {
    monitor_id: web.id,
    started_at: "2024-05-01T08:00:00",
    ended_at: "2024-05-01T09:00:00",
    cause: "502 Bad Gateway",
  });
  resolvedNew = await createIncident(server, {
    monitor_id: web.id,
    started_at: "2024-05-10T08:00:00",
    ended_at: "2024-05-10T08:30:00",
    cause: "Timeout",
    comment: "CDN outage",
  });
  open = await createIncident(server, {
    monitor_id: web.id,
    started_at: "2024-06-01T10:00:00",
    cause: "Connection refused",
  });
  acknowledged = await createIncident(server, {
    monitor_id: api1.id,
    started_at: "2024-05-20T08:00:00",
    acknowledged_at: "2024-05-20T08:05:00",
    cause: "500 Internal Server Error",
    comment: "deploy",
  });
});
afterAll(() => server.close());

describe("sorting", () => {
  test("default: ended_at descending with unended incidents first", async () => {
    const res = await api(server, "GET", "/api/v1/incidents");
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([acknowledged.id, open.id, resolvedNew.id, resolvedOld.id]);
  });

  test("ended_at ascending puts unended incidents last", async () => {
    const res = await api(server, "GET", "/api/v1/incidents?sort=asc");
    expect(ids(res)).toEqual([resolvedOld.id, resolvedNew.id, open.id, acknowledged.id]);
  });

  test("started_at both ways", async () => {
    const desc = await api(server, "GET", "/api/v1/incidents?sort_by=started_at");
    expect(ids(desc)).toEqual([open.id, acknowledged.id, resolvedNew.id, resolvedOld.id]);
    const asc = await api(server, "GET", "/api/v1/incidents?sort_by=started_at&sort=asc");
    expect(ids(asc)).toEqual([resolvedOld.id, resolvedNew.id, acknowledged.id, open.id]);
  });
});

describe("filters", () => {
  test.each([
    ["unresolved", () => [open.id]],
    ["acknowledged", () => [acknowledged.id]],
    ["resolved", () => [resolvedNew.id, resolvedOld.id]],
  ])("status=%s", async (status, expected) => {
    const res = await api(server, "GET", `/api/v1/incidents?status=${status}`);
    expect(ids(res)).toEqual(expected());
    for (const i of res.body.data) expect(i.status).toBe(status);
  });

  test("monitor_id", async () => {
    const res = await api(server, "GET", `/api/v1/incidents?monitor_id=${api1.id}`);
    expect(ids(res)).toEqual([acknowledged.id]);
  });

  test("search by monitor name is the default", async () => {
    const res = await api(server, "GET", "/api/v1/incidents?search=public");
    expect(ids(res)).toEqual([acknowledged.id]);
    const explicit = await api(
      server,
      "GET",
      "/api/v1/incidents?search=WEBSITE&search_by=monitor&sort_by=started_at&sort=asc",
    );
    expect(ids(explicit)).toEqual([resolvedOld.id, resolvedNew.id, open.id]);
  });

  test("search by cause and by comment", async () => {
    expect(ids(await api(server, "GET", "/api/v1/incidents?search=timeout&search_by=cause"))).toEqual([resolvedNew.id]);
    expect(ids(await api(server, "GET", "/api/v1/incidents?search=deploy&search_by=comment"))).toEqual([
      acknowledged.id,
    ]);
    expect(ids(await api(server, "GET", "/api/v1/incidents?search=deploy&search_by=cause"))).toEqual([]);
  });

  test("filters combine", async () => {
    const res = await api(
      server,
      "GET",
      `/api/v1/incidents?monitor_id=${web.id}&status=resolved&search=gateway&search_by=cause`,
    );
    expect(ids(res)).toEqual([resolvedOld.id]);
  });
});

describe("pages", () => {
  test("per_page and page, with meta", async () => {
    const res = await api(server, "GET", "/api/v1/incidents?per_page=10&page=1");
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 4, total: 4, per_page: 10, last_page: 1 });
    const fallback = await api(server, "GET", "/api/v1/incidents?per_page=3");
    expect(fallback.body.meta.per_page).toBe(25);
  });
});

test.each([
  ["status=open", { status: ["The selected status is invalid."] }],
  ["search_by=url", { search_by: ["The selected search by is invalid."] }],
  ["sort_by=id", { sort_by: ["The selected sort by is invalid."] }],
  ["sort=newest", { sort: ["The selected sort is invalid."] }],
  ["monitor_id=web", { monitor_id: ["The monitor id must be an integer."] }],
])("%s is 422", async (query, message) => {
  const res = await api(server, "GET", `/api/v1/incidents?${query}`);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message, status: 422 });
});
