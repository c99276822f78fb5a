/**
 * Against a server whose reads lag its writes (the stale-reads fault), the provider never
 * records an answer from before its own write: a read right after a create waits out the
 * 404, one right after an update waits out the old fields, and a create whose answer was
 * lost finds its monitor (or incident) though the list does not show it at first. When
 * the service still answers from before the write after the provider's wait, the read
 * fails saying so, instead of recording it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMonitor, deleteMonitor, readMonitor, updateMonitor } from "../../src/runtime/monitor/monitor-lifecycle";
import { createIncident, readIncident } from "../../src/runtime/incident/incident-lifecycle";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import type { MonitorInputs } from "../../src/runtime/monitor/monitor-props";
import { readNotOlder, setWaiting } from "../../src/runtime/read-after-write";
import { UptimeNotFoundError } from "../../src/client/errors";
import { UptimeResourceError } from "../../src/runtime/user-errors";
import { formatLocalDateTime } from "../../src/util/time";
import { providerHarness } from "./helpers";
import { withNextPostAnswerLost } from "../support/lost-answers";

const LAG = 700;
let h: Awaited<ReturnType<typeof providerHarness>>;
beforeAll(async () => {
  h = await providerHarness({ staleReadsMs: LAG });
});
afterEach(() => {
  h.server.setFaults(undefined);
  setWaiting(undefined);
});
afterAll(async () => {
  await h.close();
});

// `check`'s result types its inputs loosely (Pulumi's CheckResult); they are a monitor's checked inputs.
const inputs = (name: string, url = "https://u.example.com"): MonitorInputs =>
  checkMonitor({ name, url, interval: 60 }).inputs as MonitorInputs;
const notFoundSince = (from: number) =>
  h.server.requests.slice(from).filter((r) => r.method === "GET" && /\/\d+$/.test(r.path) && r.status === 404).length;

describe("reads right after writes, with reads lagging writes", () => {
  it("a read right after a create waits for the monitor instead of reading it as gone", async () => {
    const created = await createMonitor(h.outOfBand, inputs("lag-read-after-create"));
    const from = h.server.requests.length;
    const read = await readMonitor(h.outOfBand, created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(read.props).toMatchObject({ name: "lag-read-after-create" });
    expect(notFoundSince(from)).toBeGreaterThan(0);
  });

  it("a read right after an update waits for the new fields instead of recording the old ones", async () => {
    const created = await createMonitor(h.outOfBand, inputs("lag-read-after-update", "https://u.example.com/v1"));
    // Past the create's window, and a second later, so that the update's time differs.
    await new Promise((r) => setTimeout(r, Math.max(LAG, 1000) + 100));
    const updated = await updateMonitor(
      h.outOfBand,
      created.id,
      created.outs!,
      inputs("lag-read-after-update", "https://u.example.com/v2"),
    );
    const read = await readMonitor(h.outOfBand, created.id, updated.outs);
    expect(read.props).toMatchObject({ url: "https://u.example.com/v2" });
  });

  it("a create whose answer was lost finds its monitor though the list lags: one monitor, no failure", async () => {
    const { id } = await withNextPostAnswerLost(h.server, () => createMonitor(h.outOfBand, inputs("lag-lost-answer")));
    h.server.setStaleReads(undefined);
    const all = [];
    for await (const m of h.outOfBand.monitors.all({ search: "lag-lost-answer" })) all.push(m);
    h.server.setStaleReads(LAG);
    expect(all.map((m) => String(m.id))).toEqual([id]);
  });

  it("an incident whose answer was lost is found though the list lags; a read right after waits for it", async () => {
    const m = await h.outOfBand.monitors.create({
      name: "lag-incident-host",
      url: "https://i.example.com",
      interval: 60,
    });
    const created = await withNextPostAnswerLost(h.server, () =>
      createIncident(h.outOfBand, { monitorId: m.id, startedAt: "2026-02-01T00:00:00" }),
    );
    const read = await readIncident(h.outOfBand, created.id, created.outs);
    expect(read.id).toBe(created.id);
  });
});

describe("when the service still answers from before the write after the wait", () => {
  /** A clock that each sleep moves on: the whole wait passes at once. */
  function fastClock() {
    let t = Date.now();
    setWaiting({ now: () => t, sleep: async (ms) => void (t += ms) });
  }

  it("a monitor created moments ago that stays missing is read again until 10 s old, then gone", async () => {
    const m = await h.outOfBand.monitors.create({ name: "lag-gone-young", url: "https://g.example.com", interval: 60 });
    await h.outOfBand.monitors.delete(m.id);
    // Started after the create: a clock started before it, on a busy machine, could be a
    // second or more behind the service's `created_at`, and the wait would run out first.
    fastClock();
    h.server.setStaleReads(undefined);
    const props = { monitorId: m.id, name: m.name, createdAt: m.created_at, updatedAt: m.updated_at };
    const from = h.server.requests.length;
    expect(await readMonitor(h.outOfBand, String(m.id), props as never)).toEqual({ id: "" });
    expect(h.server.requests.length - from).toBeGreaterThan(3);
    h.server.setStaleReads(LAG);
  });

  it("a monitor this process deleted reads as gone at once", async () => {
    const created = await createMonitor(h.outOfBand, inputs("lag-deleted-here"));
    await deleteMonitor(h.outOfBand, created.id, created.outs);
    const from = h.server.requests.length;
    expect(await readMonitor(h.outOfBand, created.id, created.outs)).toEqual({ id: "" });
    expect(h.server.requests.length - from).toBe(1);
  });

  it("a monitor whose created date is in the future by this clock, and stays missing, fails the read naming the wait", async () => {
    fastClock();
    const m = await h.outOfBand.monitors.create({ name: "lag-skewed", url: "https://g.example.com", interval: 60 });
    await h.outOfBand.monitors.delete(m.id);
    const soon = formatLocalDateTime(Date.now() + 5_000, "UTC");
    await expect(
      readMonitor(h.outOfBand, String(m.id), { monitorId: m.id, name: m.name, createdAt: soon } as never),
    ).rejects.toThrow(
      /reads as missing, though it was created at .* the service's reads lag its writes by more than the provider waits for \(10 s/,
    );
  });

  it("a monitor created longer ago than the wait that reads as missing is gone at once", async () => {
    const m = await h.outOfBand.monitors.create({ name: "lag-gone-old", url: "https://g.example.com", interval: 60 });
    await h.outOfBand.monitors.delete(m.id);
    h.server.setStaleReads(undefined);
    const props = { monitorId: m.id, name: m.name, createdAt: "2020-01-01T00:00:00", updatedAt: "2020-01-01T00:00:00" };
    const from = h.server.requests.length;
    expect(await readMonitor(h.outOfBand, String(m.id), props as never)).toEqual({ id: "" });
    expect(h.server.requests.length - from).toBe(1);
    h.server.setStaleReads(LAG);
  });

  it("a monitor that stays older than the state's update fails the read", async () => {
    fastClock();
    const m = await h.outOfBand.monitors.create({ name: "lag-older", url: "https://o.example.com", interval: 60 });
    h.server.setStaleReads(undefined);
    const later = formatLocalDateTime(Date.now() + 60_000, "UTC");
    const props = { monitorId: m.id, name: m.name, createdAt: m.created_at, updatedAt: later };
    await expect(readMonitor(h.outOfBand, String(m.id), props as never)).rejects.toThrow(
      /reads as last updated at .*, before the update at .* recorded in state/,
    );
    h.server.setStaleReads(LAG);
  });
});

describe("what counts as an answer from before the write", () => {
  const now = Date.parse("2026-03-01T12:00:00Z");
  /**
   * readNotOlder on a clock that starts at `now` and that each pause moves on, over a service
   * that always answers `live` (missing when undefined): how many reads it made and how it
   * ended. One read means the answer was taken as it is; more, that it was judged stale.
   */
  async function readsOf(live: { updated_at?: string | null } | undefined, recorded: object, zone: string) {
    let t = now;
    setWaiting({ now: () => t, sleep: async (ms) => void (t += ms) });
    let reads = 0;
    const read = async () => {
      reads++;
      if (live === undefined) throw new UptimeNotFoundError("GET /api/v1/monitors/1: not found (404).", {});
      return live;
    };
    const outcome: { value?: unknown; error?: Error } = await readNotOlder(
      "monitor m",
      "reading it",
      recorded,
      zone,
      read,
    ).then(
      (value) => ({ value }),
      (error: Error) => ({ error }),
    );
    return { reads, ...outcome };
  }

  it("missing is stale only while the record is younger than the wait", async () => {
    const young = await readsOf(undefined, { createdAt: "2026-03-01T11:59:58" }, "UTC");
    expect(young.reads).toBeGreaterThan(1);
    expect(young.error).toBeInstanceOf(UptimeNotFoundError);
    const old = await readsOf(undefined, { createdAt: formatLocalDateTime(now - 11_000, "UTC") }, "UTC");
    expect(old).toMatchObject({ reads: 1, error: expect.any(UptimeNotFoundError) });
    expect(await readsOf(undefined, {}, "UTC")).toMatchObject({ reads: 1, error: expect.any(UptimeNotFoundError) });
  });

  it("older than recorded is stale, the same or newer is not, in the account's zone", async () => {
    const recorded = { updatedAt: "2026-03-01T13:00:05" };
    const older = await readsOf({ updated_at: "2026-03-01T13:00:04" }, recorded, "Europe/Berlin");
    expect(older.error).toBeInstanceOf(UptimeResourceError);
    expect(older.error?.message).toMatch(/before the update at 2026-03-01T13:00:05 recorded in state/);
    for (const updated_at of ["2026-03-01T13:00:05", "2026-03-01T12:00:06.000000Z"]) {
      expect(await readsOf({ updated_at }, recorded, "Europe/Berlin")).toEqual({ reads: 1, value: { updated_at } });
    }
    expect(await readsOf({ updated_at: null }, recorded, "UTC")).toEqual({ reads: 1, value: { updated_at: null } });
    // Older by whole quarter-hours: the zone setting changed since the write, not a lagging read.
    const zoneMoved = { updated_at: "2026-03-01T12:00:05" };
    expect(await readsOf(zoneMoved, recorded, "UTC")).toEqual({ reads: 1, value: zoneMoved });
  });
});
