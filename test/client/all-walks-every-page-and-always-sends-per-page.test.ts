/**
 * Iteration: `pages()` and `all()` walk every page, fetching lazily, and every list call
 * sends `per_page`, so an instance's own fallback page size (10 here, 25 elsewhere)
 * never decides how many requests a walk takes.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { UptimeClient } from "../../src/client";
import { localClient, recordingDispatcher, startTestServer, type UptimeServer } from "./helpers/local-server";

let server: UptimeServer;
let client: UptimeClient;
let rec: ReturnType<typeof recordingDispatcher>;
const TOTAL = 23;

const listCalls = () => server.requests.filter((r) => r.method === "GET" && r.path === "/api/v1/monitors");

beforeAll(async () => {
  // An instance whose admin set the fallback page size to 10.
  server = await startTestServer({ fallbackPerPage: 10 });
  rec = recordingDispatcher();
  client = localClient(server, { dispatcher: rec.dispatcher });
  for (let i = 1; i <= TOTAL; i++) {
    await client.monitors.create({
      name: `page-${String(i).padStart(2, "0")}`,
      url: "https://example.com",
      interval: 60,
    });
  }
});
afterAll(async () => {
  await client.close();
  await rec.close();
  await server.close();
});
beforeEach(() => {
  server.resetStats();
  rec.sent.length = 0;
});

it("all() gets every item in one request of 100 by default", async () => {
  const names: string[] = [];
  for await (const m of client.monitors.all({ sort_by: "name", sort: "asc" })) names.push(m.name);
  expect(names).toHaveLength(TOTAL);
  expect(names[0]).toBe("page-01");
  expect(names[TOTAL - 1]).toBe("page-23");
  expect(listCalls()).toHaveLength(1);
  expect(rec.sent[0].query.get("per_page")).toBe("100");
});

it("all() with per_page 10 walks three pages in order", async () => {
  const names: string[] = [];
  for await (const m of client.monitors.all({ per_page: 10, sort_by: "name", sort: "asc" })) names.push(m.name);
  expect(names).toEqual(Array.from({ length: TOTAL }, (_, i) => `page-${String(i + 1).padStart(2, "0")}`));
  expect(listCalls()).toHaveLength(3);
  expect(rec.sent.map((r) => [r.query.get("page"), r.query.get("per_page")])).toEqual([
    ["1", "10"],
    ["2", "10"],
    ["3", "10"],
  ]);
});

it("pages() yields page objects with counters and fetches only when asked", async () => {
  const iterator = client.monitors.pages({ per_page: 10 });
  expect(listCalls()).toHaveLength(0);
  const first = await iterator.next();
  expect(first.value).toMatchObject({ currentPage: 1, lastPage: 3, total: TOTAL, perPage: 10, hasNext: true });
  expect(listCalls()).toHaveLength(1);
  const rest = [];
  for await (const p of iterator) rest.push(p);
  expect(rest.map((p) => [p.currentPage, p.data.length, p.hasNext])).toEqual([
    [2, 10, true],
    [3, 3, false],
  ]);
  expect(listCalls()).toHaveLength(3);
});

it("pages() starts at query.page", async () => {
  const seen = [];
  for await (const p of client.monitors.pages({ per_page: 10, page: 2 })) seen.push(p.currentPage);
  expect(seen).toEqual([2, 3]);
});

it("stopping early sends no further request", async () => {
  for await (const _m of client.monitors.all({ per_page: 10 })) break;
  expect(listCalls()).toHaveLength(1);
});

it("list() sends the contract's default of 25 rather than the instance's 10", async () => {
  const page = await client.monitors.list();
  expect(rec.sent[0].query.get("per_page")).toBe("25");
  expect(page.data).toHaveLength(TOTAL);
});

it("findByName sends per_page 100 on every page", async () => {
  await client.monitors.findByName("page-07");
  expect(rec.sent.length).toBeGreaterThan(0);
  for (const r of rec.sent) expect(r.query.get("per_page")).toBe("100");
});

it("incidents.all() sends per_page too", async () => {
  for await (const _i of client.incidents.all()) void _i;
  expect(rec.sent.map((r) => r.query.get("per_page"))).toEqual(["100"]);
});
