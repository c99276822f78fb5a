/**
 * The stale-reads fault (`staleReadsMs`, `--stale-reads-ms`): for N ms after each write of
 * an account, its show and list answer as before that write, as a lagging read replica
 * would; afterwards they answer fresh. Writes see the latest data; other accounts are not
 * affected. N is 1,000 ms here: every "within the window" read follows its write by a few
 * ms, so a busy machine has plenty of room.
 */
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { api, createMonitor, monitorInput } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

const LAG = 1000;
const A = "stale-key-a";
const B = "stale-key-b";
let server: UptimeServer;

beforeAll(async () => {
  server = await startTestServer({
    accounts: [
      { apiKey: A, name: "a" },
      { apiKey: B, name: "b" },
    ],
  });
});
afterEach(() => server.setStaleReads(undefined));
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const show = (id: number, key = A) => api(server, "GET", `/api/v1/monitors/${id}`, { key });
const names = async (key = A) =>
  ((await api(server, "GET", "/api/v1/monitors?per_page=100", { key })).body.data as { name: string }[])
    .map((m) => m.name)
    .sort();

test("a stored monitor is missing from show and list for N ms, then there", async () => {
  server.setStaleReads(LAG);
  const before = await names();
  const m = await createMonitor(server, { name: "fresh one" }, A);
  expect((await show(m.id)).status).toBe(404);
  expect(await names()).toEqual(before);
  await sleep(LAG + 100);
  expect((await show(m.id)).body.data.name).toBe("fresh one");
  expect(await names()).toContain("fresh one");
});

test("the reads answered inside the window are counted, and only those", async () => {
  server.setStaleReads(LAG);
  const start = server.staleReadsServed();
  await names();
  expect(server.staleReadsServed()).toBe(start);
  const m = await createMonitor(server, { name: "counted" }, A);
  await show(m.id);
  await names();
  expect(server.staleReadsServed()).toBe(start + 2);
  await sleep(LAG + 100);
  await show(m.id);
  expect(server.staleReadsServed()).toBe(start + 2);
});

test("a changed monitor shows its old fields for N ms, and the latest of several writes after", async () => {
  const m = await createMonitor(server, { name: "changing", url: "https://example.com/v1" }, A);
  server.setStaleReads(LAG);
  const patch = (url: string) => api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { url }, key: A });
  const first = await patch("https://example.com/v2");
  expect(first.body.data.url).toBe("https://example.com/v2");
  expect((await show(m.id)).body.data).toEqual(m);
  await patch("https://example.com/v3");
  const listed = (await api(server, "GET", "/api/v1/monitors?search=changing", { key: A })).body.data;
  expect(listed.map((x: { url: string }) => x.url)).toEqual(["https://example.com/v1"]);
  await sleep(LAG + 100);
  expect((await show(m.id)).body.data.url).toBe("https://example.com/v3");
});

test("a deleted monitor is still shown and listed for N ms, then gone", async () => {
  const m = await createMonitor(server, { name: "going" }, A);
  server.setStaleReads(LAG);
  expect((await api(server, "DELETE", `/api/v1/monitors/${m.id}`, { key: A })).status).toBe(200);
  expect((await show(m.id)).body.data.name).toBe("going");
  expect(await names()).toContain("going");
  await sleep(LAG + 100);
  expect((await show(m.id)).status).toBe(404);
  expect(await names()).not.toContain("going");
});

test("writes see the latest data: a name just stored is taken, a monitor just stored takes an incident", async () => {
  server.setStaleReads(LAG);
  const m = await createMonitor(server, { name: "unique soon" }, A);
  const again = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "unique soon" }), key: A });
  expect(again.status).toBe(422);
  expect(Object.keys(again.body.message)).toEqual(["name"]);
  const patched = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { interval: 60 }, key: A });
  expect(patched.status).toBe(200);
  const incident = await api(server, "POST", "/api/v1/incidents", {
    form: { monitor_id: m.id, started_at: "2024-01-01T00:00:00" },
    key: A,
  });
  expect(incident.status).toBe(201);
  expect((await api(server, "GET", `/api/v1/incidents/${incident.body.data.id}`, { key: A })).status).toBe(404);
  expect((await api(server, "GET", `/api/v1/incidents?monitor_id=${m.id}`, { key: A })).body.data).toEqual([]);
  await sleep(LAG + 100);
  expect((await show(m.id)).body.data).toMatchObject({ interval: 60, status: "offline" });
  expect((await api(server, "GET", `/api/v1/incidents/${incident.body.data.id}`, { key: A })).status).toBe(200);
});

test("per account: a write of one account leaves another's reads fresh", async () => {
  server.setStaleReads(LAG);
  await createMonitor(server, { name: "in a" }, A);
  const b = await createMonitor(server, { name: "in b" }, B);
  // B's own write lags B's reads; A's writes do not touch B's.
  await sleep(LAG + 100);
  await createMonitor(server, { name: "in a later" }, A);
  expect((await show(b.id, B)).body.data.name).toBe("in b");
  expect(await names(B)).toEqual(["in b"]);
  expect(await names()).not.toContain("in a later");
});

test("a refused write changes nothing and makes nothing stale", async () => {
  const m = await createMonitor(server, { name: "stays" }, A);
  await sleep(50);
  server.setStaleReads(LAG);
  const bad = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { form: { interval: 7 }, key: A });
  expect(bad.status).toBe(422);
  expect((await show(m.id)).body.data).toEqual(m);
});

test("turning it off makes every write visible at once", async () => {
  server.setStaleReads(LAG);
  const m = await createMonitor(server, { name: "visible on off" }, A);
  expect((await show(m.id)).status).toBe(404);
  server.setStaleReads(undefined);
  expect((await show(m.id)).status).toBe(200);
});

test("a lag outside 0..600000 whole ms is refused", async () => {
  expect(() => server.setStaleReads(-1)).toThrow(/staleReadsMs/);
  expect(() => server.setStaleReads(1.5)).toThrow(/staleReadsMs/);
  await expect(startTestServer({ staleReadsMs: 600_001 })).rejects.toThrow(/staleReadsMs/);
});
