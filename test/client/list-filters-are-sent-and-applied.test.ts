/**
 * Every list filter of both lists goes out as the contract names it, and the local
 * server applies it. The exact query is read from a recording dispatcher (the server's
 * request log keeps paths only); the effect is read from the results.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UptimeClient } from "../../src/client";
import type { Monitor } from "../../src/schemas";
import {
  localClient,
  recordingDispatcher,
  startTestServer,
  uniqueName,
  type UptimeServer,
} from "./helpers/local-server";

let server: UptimeServer;
let client: UptimeClient;
let rec: ReturnType<typeof recordingDispatcher>;
let tag: string;
let monitors: Monitor[];

/** The query of the last request, as sorted key=value pairs. */
const lastQuery = () => Object.fromEntries([...rec.sent[rec.sent.length - 1].query.entries()]);

beforeAll(async () => {
  server = await startTestServer();
  rec = recordingDispatcher();
  client = localClient(server, { dispatcher: rec.dispatcher });
  tag = uniqueName("flt");
  monitors = [];
  for (const [name, url] of [
    ["bravo", "https://b.example/x"],
    ["alpha", "https://a.example/y"],
    ["charlie", "https://c.example/alpha"],
  ]) {
    monitors.push(await client.monitors.create({ name: `${tag}-${name}`, url, interval: 60 }));
  }
  // Incidents: one resolved, one acknowledged, one unresolved, on three monitors.
  await client.incidents.create({
    monitor_id: monitors[0].id,
    started_at: "2024-01-01T10:00:00",
    ended_at: "2024-01-01T11:00:00",
    cause: `${tag} timeout`,
    comment: "first",
  });
  await client.incidents.create({
    monitor_id: monitors[1].id,
    started_at: "2024-01-02T10:00:00",
    acknowledged_at: "2024-01-02T10:10:00",
    cause: `${tag} 500 Internal Server Error`,
  });
  await client.incidents.create({
    monitor_id: monitors[2].id,
    started_at: "2024-01-03T10:00:00",
    cause: `${tag} timeout`,
  });
});
afterAll(async () => {
  await client.close();
  await rec.close();
  await server.close();
});
beforeEach(() => {
  rec.sent.length = 0;
});

describe("monitor list", () => {
  it("search and search_by=name", async () => {
    const page = await client.monitors.list({ search: `${tag}-alpha`, search_by: "name" });
    expect(lastQuery()).toEqual({ search: `${tag}-alpha`, search_by: "name", per_page: "25", page: "1" });
    expect(page.data.map((m) => m.name)).toEqual([`${tag}-alpha`]);
  });

  it("search_by=url", async () => {
    const page = await client.monitors.list({ search: "c.example/alpha", search_by: "url" });
    expect(lastQuery()).toMatchObject({ search: "c.example/alpha", search_by: "url" });
    expect(page.data.map((m) => m.name)).toEqual([`${tag}-charlie`]);
  });

  it("sort_by and sort", async () => {
    const asc = await client.monitors.list({ search: tag, sort_by: "name", sort: "asc" });
    expect(lastQuery()).toMatchObject({ sort_by: "name", sort: "asc" });
    expect(asc.data.map((m) => m.name)).toEqual([`${tag}-alpha`, `${tag}-bravo`, `${tag}-charlie`]);
    const byUrlDesc = await client.monitors.list({ search: tag, sort_by: "url", sort: "desc" });
    expect(lastQuery()).toMatchObject({ sort_by: "url", sort: "desc" });
    expect(byUrlDesc.data.map((m) => m.name)).toEqual([`${tag}-charlie`, `${tag}-bravo`, `${tag}-alpha`]);
    const byId = await client.monitors.list({ search: tag, sort_by: "id", sort: "asc" });
    expect(byId.data.map((m) => m.id)).toEqual(monitors.map((m) => m.id));
  });

  it("per_page and page", async () => {
    const second = await client.monitors.list({ search: tag, sort_by: "name", sort: "asc", per_page: 10, page: 1 });
    expect(lastQuery()).toMatchObject({ per_page: "10", page: "1" });
    expect(second).toMatchObject({ perPage: 10, currentPage: 1, total: 3 });
    const empty = await client.monitors.list({ search: tag, per_page: 10, page: 2 });
    expect(lastQuery()).toMatchObject({ per_page: "10", page: "2" });
    expect(empty).toMatchObject({ currentPage: 2, data: [] });
  });

  it("status_page_id", async () => {
    await client.monitors.list({ status_page_id: 7 });
    expect(lastQuery()).toMatchObject({ status_page_id: "7" });
  });
});

describe("incident list", () => {
  it("search with search_by=cause and search_by=monitor", async () => {
    const byCause = await client.incidents.list({ search: `${tag} timeout`, search_by: "cause" });
    expect(lastQuery()).toMatchObject({ search: `${tag} timeout`, search_by: "cause", per_page: "25", page: "1" });
    expect(byCause.data.map((i) => i.monitor_id).sort()).toEqual([monitors[0].id, monitors[2].id].sort());
    const byMonitor = await client.incidents.list({ search: `${tag}-bravo`, search_by: "monitor" });
    expect(lastQuery()).toMatchObject({ search_by: "monitor" });
    expect(byMonitor.data.map((i) => i.monitor_id)).toEqual([monitors[0].id]);
  });

  it("monitor_id, as a number or a numeric string", async () => {
    const page = await client.incidents.list({ monitor_id: monitors[1].id });
    expect(lastQuery()).toMatchObject({ monitor_id: String(monitors[1].id) });
    expect(page.data.map((i) => i.monitor_id)).toEqual([monitors[1].id]);
    await client.incidents.list({ monitor_id: String(monitors[1].id) });
    expect(lastQuery()).toMatchObject({ monitor_id: String(monitors[1].id) });
  });

  it("status", async () => {
    for (const [status, monitor] of [
      ["resolved", monitors[0]],
      ["acknowledged", monitors[1]],
      ["unresolved", monitors[2]],
    ] as const) {
      const page = await client.incidents.list({ status, search: tag, search_by: "cause" });
      expect(lastQuery()).toMatchObject({ status });
      expect(page.data.map((i) => i.monitor_id)).toEqual([monitor.id]);
    }
  });

  it("sort_by, sort, per_page and page", async () => {
    const asc = await client.incidents.list({
      search: tag,
      search_by: "cause",
      sort_by: "started_at",
      sort: "asc",
      per_page: 10,
      page: 1,
    });
    expect(lastQuery()).toEqual({
      search: tag,
      search_by: "cause",
      sort_by: "started_at",
      sort: "asc",
      per_page: "10",
      page: "1",
    });
    expect(asc.data.map((i) => i.started_at)).toEqual([
      "2024-01-01T10:00:00",
      "2024-01-02T10:00:00",
      "2024-01-03T10:00:00",
    ]);
    const byEnd = await client.incidents.list({ search: tag, search_by: "cause", sort_by: "ended_at", sort: "desc" });
    expect(lastQuery()).toMatchObject({ sort_by: "ended_at", sort: "desc" });
    // Unended incidents first when descending.
    expect(byEnd.data[byEnd.data.length - 1].monitor_id).toBe(monitors[0].id);
  });
});
