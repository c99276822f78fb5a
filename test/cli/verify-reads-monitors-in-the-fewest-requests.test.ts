/**
 * `verify` reads the monitors it waits for by id or from the account's list (newest first, 100
 * a page), whichever is fewer requests: against a local server holding 250 monitors (three
 * pages), the newest few take one page, a few old ones one page and then reads by id, many old
 * ones the whole list, one monitor one read by id; and a later round, knowing the pages, reads
 * by id at once when that is fewer.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { UptimeClient } from "../../src/client/client";
import { MonitorReads } from "../../src/cli/verify-reads";
import { createMonitor } from "../support/api";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
let client: UptimeClient;
/** Ids in the order made: the oldest first. */
const ids: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 250; i++) ids.push((await createMonitor(server, { name: `fewest ${i}` })).id as number);
  client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
}, 120_000);
afterAll(async () => {
  await client.close();
  await server.close();
});

/** Reads `wanted` in a new round of `reads`, and the GET requests it sent (list pages, or reads by id). */
async function round(reads: MonitorReads, wanted: number[]): Promise<string[]> {
  server.resetStats();
  const found = await reads.read(wanted);
  expect([...found.keys()].sort()).toEqual([...wanted].sort());
  for (const id of wanted) expect(found.get(id)?.id).toBe(id);
  return server.requests.filter((r) => r.method === "GET").map((r) => (r.path === "/api/v1/monitors" ? "list" : "id"));
}

test("the newest few: one page of the list", async () => {
  expect(await round(new MonitorReads(client), ids.slice(-5))).toEqual(["list"]);
});

test("two old ones: the first page (which tells the list's size), then each by id", async () => {
  expect(await round(new MonitorReads(client), ids.slice(0, 2))).toEqual(["list", "id", "id"]);
});

test("many old ones: the whole list, three pages, not one read each", async () => {
  expect(await round(new MonitorReads(client), ids.slice(0, 10))).toEqual(["list", "list", "list"]);
});

test("one monitor: one read by id", async () => {
  expect(await round(new MonitorReads(client), [ids[3]])).toEqual(["id"]);
});

test("a later round knows the pages: two old ones by id at once, two of the newest from the first page", async () => {
  const reads = new MonitorReads(client);
  await round(reads, [...ids.slice(0, 2), ...ids.slice(-2)]);
  expect(await round(reads, ids.slice(0, 2))).toEqual(["id", "id"]);
  expect(await round(reads, ids.slice(-2))).toEqual(["list"]);
});
