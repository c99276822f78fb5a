/**
 * `maintenance start` then `end` against the local server, in an account whose time zone
 * is not UTC: the selection (search, name prefix, both), the window written in the
 * account's zone, the record, and `end` giving each monitor its window back.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLocalDateTime, localDateTimeToEpoch } from "../../src/util/time";
import { maintenanceFixture, windowOf } from "./helpers";

const ZONE = "America/New_York";

describe("maintenance start and end", () => {
  let f: Awaited<ReturnType<typeof maintenanceFixture>>;
  beforeAll(async () => {
    f = await maintenanceFixture(ZONE);
  });
  afterAll(() => f?.close());

  it("silences exactly the monitors both selectors match, from now, in the account's time zone", async () => {
    const [api, web, other] = await f.monitors("shop api", "shop web", "blog shop");
    const before = Date.now();
    const r = await f.run(["start", "--search", "shop", "--name-prefix", "shop ", "--for", "30m"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const record = f.record();
    expect(record.monitors.map((m) => m.name).sort()).toEqual(["shop api", "shop web"]);
    expect(record.monitors.every((m) => m.outcome === "set" && m.before === null)).toBe(true);
    expect(record.timeZone).toBe(ZONE);
    // Wall time in New York: read back in that zone, it is now (at the mark, up to 59 s
    // before) and now + 30 minutes.
    const start = localDateTimeToEpoch(record.window.start, ZONE);
    const end = localDateTimeToEpoch(record.window.end, ZONE);
    expect(start).toBeGreaterThan(before - 60_000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(end).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(end).toBeLessThan(Date.now() + 30 * 60_000 + 1000);
    for (const m of [api, web]) {
      const live = await f.api.monitors.get(m.id);
      expect(live.status).toBe("maintenance");
      expect([live.maintenance_start_at, live.maintenance_end_at]).toEqual([record.window.start, record.window.end]);
    }
    expect((await f.api.monitors.get(other.id)).status).not.toBe("maintenance");
    expect(statSync(join(f.dir, ".uptime-maintenance.json")).mode & 0o777).toBe(0o600);

    const ended = await f.run(["end"]);
    expect(ended.code).toBe(0);
    for (const m of [api, web]) expect(await windowOf(f.api, m.id)).toEqual([null, null]);
    expect(f.record().endedAt).toBeTruthy();
  });

  it("end restores a window scheduled before start, and a second end writes nothing", async () => {
    const [scheduled, plain] = await f.monitors("deploy scheduled", "deploy plain");
    const later = { start: fmt(Date.now() + 3 * 86_400_000), end: fmt(Date.now() + 3 * 86_400_000 + 3_600_000) };
    await f.api.monitors.update(scheduled.id, { maintenance_start_at: later.start, maintenance_end_at: later.end });
    const record = "deploy.json";
    expect(
      (await f.run(["start", "--name-prefix", "deploy ", "--until", fmt(Date.now() + 600_000), "--record", record]))
        .code,
    ).toBe(0);
    expect(f.record(record).monitors.find((m) => m.id === scheduled.id)?.before).toEqual(later);
    expect((await f.api.monitors.get(scheduled.id)).status).toBe("maintenance");

    const ended = await f.run(["end", "--record", record]);
    expect(ended.code).toBe(0);
    expect(await windowOf(f.api, scheduled.id)).toEqual([later.start, later.end]);
    expect(await windowOf(f.api, plain.id)).toEqual([null, null]);
    expect(ended.stdout).toMatch(/deploy scheduled \(id \d+\): restored its window from before/);

    const writes = f.server.writeCount();
    const again = await f.run(["end", "--record", record]);
    expect(again.code).toBe(0);
    expect(f.server.writeCount()).toBe(writes);
    expect(again.stdout).toMatch(/0 of 2 monitors changed back/);
  });

  it("end leaves alone, and reports, a monitor whose window someone changed since start", async () => {
    const [kept, moved] = await f.monitors("edit kept", "edit moved");
    const record = "edit.json";
    expect((await f.run(["start", "--search", "edit ", "--for", "20m", "--record", record])).code).toBe(0);
    const theirs = { start: fmt(Date.now() + 86_400_000), end: fmt(Date.now() + 90_000_000) };
    await f.api.monitors.update(moved.id, { maintenance_start_at: theirs.start, maintenance_end_at: theirs.end });
    const ended = await f.run(["end", "--record", record, "--json"]);
    expect(ended.code).toBe(0);
    const results = (JSON.parse(ended.stdout) as { monitors: { id: number; result: string }[] }).monitors;
    expect(Object.fromEntries(results.map((r) => [r.id, r.result]))).toEqual({
      [kept.id]: "cleared",
      [moved.id]: "changed-since-start",
    });
    expect(await windowOf(f.api, moved.id)).toEqual([theirs.start, theirs.end]);
  });

  it("--dry-run lists the selection and the window, and writes nothing", async () => {
    await f.monitors("dry one");
    const writes = f.server.writeCount();
    const r = await f.run(["start", "--search", "dry", "--for", "15m", "--dry-run", "--record", "dry.json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/selected +dry one \(id \d+\): had no window/);
    expect(r.stdout).toMatch(/Would silence 1 monitor, .* \(America\/New_York\)\. Nothing was changed/);
    expect(f.server.writeCount()).toBe(writes);
    expect(() => f.record("dry.json")).toThrow(/ENOENT/);
  });

  it("--json prints the record that start wrote", async () => {
    await f.monitors("json one");
    const r = await f.run(["start", "--search", "json one", "--for", "5m", "--json", "--record", "json.json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(f.record("json.json"));
  });
});

function fmt(ms: number): string {
  return formatLocalDateTime(Math.floor(ms / 1000) * 1000, ZONE);
}
