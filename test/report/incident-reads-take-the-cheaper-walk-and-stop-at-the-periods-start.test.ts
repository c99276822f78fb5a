/**
 * The incident reads: one monitor is read by its own walk; many monitors with few incidents
 * by the account's walk, in one page when it reaches the period's start; a few monitors of a
 * busy account by their own walks; a long account walk reads up to the page that reaches the
 * period's start and not one page more. Every incident that overlaps the period is read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { readIncidents } from "../../src/report/incident-reads";
import { formatLocalDateTime } from "../../src/util/time";
import { startTestServer, type UptimeServer } from "../support/server";

const KEY = "report-reads-key";
const HOUR = 3_600_000;
const NOW = Math.floor(Date.now() / 1000) * 1000;
const PERIOD = { fromMs: NOW - 10 * 24 * HOUR, untilMs: NOW };

let server: UptimeServer;
let api: UptimeClient;
beforeAll(async () => {
  server = await startTestServer({ accounts: [{ apiKey: KEY, timeZone: "UTC" }] });
  api = new UptimeClient({ baseUrl: server.url, apiKey: KEY, timeZone: "UTC" });
});
afterAll(async () => {
  await api.close();
  await server.close();
});

/** A monitor with `inside` incidents of 10 minutes in the period (one across its start) and `before` wholly before it. */
async function monitorWith(name: string, inside: number, before: number): Promise<number> {
  const m = await api.monitors.create({ name, url: "http://127.0.0.1:9/", interval: 60 });
  const at = (ms: number) => formatLocalDateTime(ms, "UTC");
  const starts = [
    ...Array.from({ length: before }, (_, i) => PERIOD.fromMs - (before - i + 1) * HOUR),
    PERIOD.fromMs - 5 * 60_000,
    ...Array.from({ length: inside - 1 }, (_, i) => PERIOD.fromMs + ((i + 1) * (NOW - PERIOD.fromMs)) / inside),
  ].map((ms) => Math.floor(ms / 1000) * 1000);
  for (const s of starts)
    await api.incidents.create({ monitor_id: m.id, started_at: at(s), ended_at: at(s + 600_000) });
  return m.id;
}

const incidentReads = () => server.requests.filter((r) => r.method === "GET" && r.path === "/api/v1/incidents").length;

async function read(ids: number[]) {
  server.resetStats();
  const result = await readIncidents(api, ids, PERIOD, NOW);
  return { ...result, sent: incidentReads() };
}

const countsOf = (byMonitor: Map<number, unknown[]>) => [...byMonitor.values()].map((l) => l.length);

describe("reading a report's incidents", () => {
  const quiet: number[] = [];
  const busy: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) quiet.push(await monitorWith(`quiet-${i}`, 2, 3));
    for (let i = 0; i < 6; i++) busy.push(await monitorWith(`busy-${i}`, 100, 2));
  }, 120_000);

  it("reads one monitor by its own walk", async () => {
    const r = await read([quiet[0]]);
    expect(r.stats).toMatchObject({ strategy: "per-monitor", requests: 1 });
    expect(r.sent).toBe(1);
    // Its two in the period, and one before it (the page goes past the start): kept, then clipped away.
    expect(countsOf(r.byMonitor)).toEqual([5]);
  });

  it("reads a few monitors of a busy account by their own walks", async () => {
    const r = await read([quiet[1], quiet[2]]);
    // The account's first page, then a walk each: 600 incidents in the period would take 7 pages.
    expect(r.stats).toMatchObject({ strategy: "per-monitor", requests: 3, perMonitorRequests: 2 });
    expect(r.stats.accountRequests).toBeGreaterThanOrEqual(6);
    expect(r.sent).toBe(3);
  });

  it("reads many monitors by the account's walk, stopping with the page that reaches the period's start", async () => {
    const all = [...quiet, ...busy];
    const r = await read(all);
    // 624 incidents end in the period (ended_at descending): pages 1 to 7, the 7th reaching its start.
    expect(r.stats).toMatchObject({ strategy: "account", requests: 7, accountRequests: 7, perMonitorRequests: 18 });
    expect(r.sent).toBe(7);
    for (const id of busy) expect(r.byMonitor.get(id)!.filter((i) => i.endMs! > PERIOD.fromMs)).toHaveLength(100);
    for (const id of quiet) expect(r.byMonitor.get(id)!.filter((i) => i.endMs! > PERIOD.fromMs)).toHaveLength(2);
  });
});
