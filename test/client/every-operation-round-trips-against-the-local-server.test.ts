/**
 * All operations of both resources, plus status, against the project's local server:
 * each sends the method and path of the contract, and a record comes back equal to
 * what was sent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { UptimeNotFoundError } from "../../src/client/errors";
import type { MonitorUpdateInput } from "../../src/schemas";
import { localClient, startTestServer, uniqueName } from "./helpers/local-server";
import { fileFixture } from "../support/file-fixture";
import { everyFieldMonitorBody } from "../support/monitor-bodies";

const server = fileFixture(() => startTestServer());
const client = fileFixture(async () => localClient(server));
beforeEach(() => server.resetStats());

const calls = () => server.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

describe("status", () => {
  it("GET /api/v1/status", async () => {
    expect(await client.status()).toEqual({ message: "Online." });
    expect(calls()).toEqual(["GET /api/v1/status 200"]);
  });
});

describe("monitors", () => {
  it("create (POST) returns what was sent, and get (GET) returns the same", async () => {
    const input = everyFieldMonitorBody(uniqueName());
    const created = await client.monitors.create(input);
    const { request_auth_password: _password, ...readable } = input;
    expect(created).toMatchObject(readable);
    expect(created.id).toBeGreaterThan(0);
    expect(await client.monitors.get(created.id)).toEqual(created);
    expect(calls()).toEqual(["POST /api/v1/monitors 201", `GET /api/v1/monitors/${created.id} 200`]);
  });

  it("update (PATCH) changes the given fields, clears with null and empty lists, and pauses", async () => {
    const created = await client.monitors.create(everyFieldMonitorBody(uniqueName()));
    server.resetStats();
    const changes: MonitorUpdateInput = {
      interval: 60,
      alert_condition: "url_unavailable",
      alert_text_lookup: null,
      request_headers: [],
      alerts: [],
      maintenance_start_at: null,
      maintenance_end_at: null,
    };
    const updated = await client.monitors.update(created.id, { ...changes, pause: true });
    expect(updated).toMatchObject({ id: created.id, name: created.name, ...changes, status: "paused" });
    expect((await client.monitors.update(created.id, { pause: false })).status).not.toBe("paused");
    expect(calls()).toEqual([`PATCH /api/v1/monitors/${created.id} 200`, `PATCH /api/v1/monitors/${created.id} 200`]);
  });

  it("list (GET) returns one page with the counters", async () => {
    const created = await client.monitors.create(everyFieldMonitorBody(uniqueName()));
    server.resetStats();
    const page = await client.monitors.list({ search: created.name });
    expect(page).toMatchObject({ currentPage: 1, lastPage: 1, total: 1, perPage: 25, hasNext: false });
    expect(page.data).toEqual([created]);
    expect(calls()).toEqual(["GET /api/v1/monitors 200"]);
  });

  it("pages and all iterate the list", async () => {
    const prefix = uniqueName("iter");
    for (const n of [1, 2, 3])
      await client.monitors.create({ name: `${prefix}-${n}`, url: "https://example.com", interval: 60 });
    const pages = [];
    for await (const p of client.monitors.pages({ search: prefix, per_page: 10, sort_by: "name", sort: "asc" }))
      pages.push(p);
    expect(pages).toHaveLength(1);
    const names = [];
    for await (const m of client.monitors.all({ search: prefix, sort_by: "name", sort: "asc" })) names.push(m.name);
    expect(names).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
  });

  it("findByName finds the exact name among substring hits, or nothing", async () => {
    const base = uniqueName("find");
    const longer = await client.monitors.create({ name: `${base}-longer`, url: "https://example.com", interval: 60 });
    const exact = await client.monitors.create({ name: base, url: "https://example.com", interval: 60 });
    expect((await client.monitors.findByName(base))?.id).toBe(exact.id);
    expect((await client.monitors.findByName(`${base}-longer`))?.id).toBe(longer.id);
    expect(await client.monitors.findByName(`${base}-absent`)).toBeUndefined();
  });

  it("delete (DELETE) removes it; get then fails with UptimeNotFoundError", async () => {
    const created = await client.monitors.create(everyFieldMonitorBody(uniqueName()));
    server.resetStats();
    await expect(client.monitors.delete(created.id)).resolves.toBeUndefined();
    await expect(client.monitors.get(created.id)).rejects.toBeInstanceOf(UptimeNotFoundError);
    expect(calls()).toEqual([`DELETE /api/v1/monitors/${created.id} 200`, `GET /api/v1/monitors/${created.id} 404`]);
  });
});

describe("incidents", () => {
  it("create, get, update, list and delete", async () => {
    const monitor = await client.monitors.create({ name: uniqueName(), url: "https://example.com", interval: 60 });
    server.resetStats();

    const created = await client.incidents.create({
      monitor_id: monitor.id,
      started_at: "2024-05-01T10:00:00",
      cause: "500 Internal Server Error",
    });
    expect(created).toMatchObject({
      monitor_id: monitor.id,
      started_at: "2024-05-01T10:00:00",
      cause: "500 Internal Server Error",
      status: "unresolved",
      ended_at: null,
    });
    expect(await client.incidents.get(created.id)).toEqual(created);

    const updated = await client.incidents.update(created.id, {
      acknowledged_at: "2024-05-01T10:05:00",
      comment: "looking",
    });
    expect(updated).toMatchObject({
      acknowledged_at: "2024-05-01T10:05:00",
      comment: "looking",
      status: "acknowledged",
    });
    const resolved = await client.incidents.update(created.id, { ended_at: "2024-05-01T11:00:00", comment: null });
    expect(resolved).toMatchObject({ ended_at: "2024-05-01T11:00:00", comment: null, status: "resolved" });

    const page = await client.incidents.list({ monitor_id: monitor.id });
    expect(page.data.map((i) => i.id)).toEqual([created.id]);
    const all = [];
    for await (const i of client.incidents.all({ monitor_id: monitor.id })) all.push(i.id);
    expect(all).toEqual([created.id]);

    await client.incidents.delete(created.id);
    await expect(client.incidents.get(created.id)).rejects.toBeInstanceOf(UptimeNotFoundError);

    const id = created.id;
    expect(calls()).toEqual([
      "POST /api/v1/incidents 201",
      `GET /api/v1/incidents/${id} 200`,
      `PATCH /api/v1/incidents/${id} 200`,
      `PATCH /api/v1/incidents/${id} 200`,
      "GET /api/v1/incidents 200",
      "GET /api/v1/incidents 200",
      `DELETE /api/v1/incidents/${id} 200`,
      `GET /api/v1/incidents/${id} 404`,
    ]);
  });
});
