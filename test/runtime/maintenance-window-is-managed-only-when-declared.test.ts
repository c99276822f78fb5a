/**
 * The maintenance window is managed only when the program declares it, as `paused` is:
 * a window opened outside the program survives create (adoption), refresh, diff and
 * update; "" for both clears it; removing the declaration leaves the service's window alone.
 */
import { describe, expect, it } from "vitest";
import { monitor } from "../../src/dynamic/runtime";
import { checkedMonitor as checked, providerHarness } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => providerHarness());

const base = (name: string) => ({ name, url: "https://api.example.com/health", interval: 60 as const });
const WINDOW = { maintenance_start_at: "2030-05-01T01:00:00", maintenance_end_at: "2030-05-01T02:00:00" };

async function liveWindow(id: string): Promise<[unknown, unknown]> {
  const live = await h.outOfBand.monitors.get(Number(id));
  return [live.maintenance_start_at, live.maintenance_end_at];
}

describe("a maintenance window the program does not declare", () => {
  it("survives refresh, diff and an update of another field", async () => {
    const inputs = await checked(base("Window kept"));
    const { id, outs } = await monitor.create(inputs);
    await h.outOfBand.monitors.update(Number(id), WINDOW);

    const read = await monitor.read(id, outs);
    expect(read.props).not.toHaveProperty("maintenanceStartAt");
    expect(read.inputs).not.toHaveProperty("maintenanceEndAt");
    expect((await monitor.diff(id, read.props, inputs)).changes).toBe(false);

    const next = await checked({ ...base("Window kept"), interval: 300 });
    await monitor.update(id, read.props, next);
    expect(await liveWindow(id)).toEqual([
      expect.stringMatching(/^2030-05-01T01:00:00/),
      expect.stringMatching(/^2030-05-01T02:00:00/),
    ]);
  });

  it("is left alone when a create adopts the monitor", async () => {
    const existing = await h.outOfBand.monitors.create({ ...base("Window adopted"), ...WINDOW });
    const { outs } = await monitor.create(await checked({ ...base("Window adopted"), interval: 300, adopt: true }));
    expect(outs.monitorId).toBe(existing.id);
    expect(await liveWindow(String(existing.id))).toEqual([
      expect.stringMatching(/^2030-05-01T01:00:00/),
      expect.stringMatching(/^2030-05-01T02:00:00/),
    ]);
  });

  it("is left alone once a declared window is removed from the program", async () => {
    const declared = await checked({
      ...base("Window undeclared"),
      maintenanceStartAt: "2030-06-01T01:00:00",
      maintenanceEndAt: "2030-06-01T02:00:00",
    });
    const { id, outs } = await monitor.create(declared);
    const removed = await checked({ ...base("Window undeclared"), interval: 300 });
    expect(await monitor.diff(id, outs, removed)).toMatchObject({ changes: true });
    await monitor.update(id, outs, removed);
    expect(await liveWindow(id)).toEqual([
      expect.stringMatching(/^2030-06-01T01:00:00/),
      expect.stringMatching(/^2030-06-01T02:00:00/),
    ]);
  });

  it("is read into the state of an import, which has no declarations yet", async () => {
    const existing = await h.outOfBand.monitors.create({ ...base("Window imported"), ...WINDOW });
    const read = await monitor.read(String(existing.id), {});
    expect(read.inputs).toMatchObject({
      maintenanceStartAt: expect.stringMatching(/^2030-05-01T01:00:00/),
      maintenanceEndAt: expect.stringMatching(/^2030-05-01T02:00:00/),
    });
  });
});

describe("a maintenance window the program declares", () => {
  it("is cleared by empty strings, and a window opened later is then drift that up clears", async () => {
    const { id, outs } = await monitor.create(await checked({ ...base("Window cleared"), ...camel(WINDOW) }));
    const cleared = await checked({ ...base("Window cleared"), maintenanceStartAt: "", maintenanceEndAt: "" });
    expect(await monitor.diff(id, outs, cleared)).toMatchObject({ changes: true });
    const { outs: after } = await monitor.update(id, outs, cleared);
    expect(await liveWindow(id)).toEqual([null, null]);

    // Declared empty: refresh keeps saying so, and records a window opened out of band.
    expect((await monitor.read(id, after)).props).toMatchObject({ maintenanceStartAt: "", maintenanceEndAt: "" });
    await h.outOfBand.monitors.update(Number(id), WINDOW);
    const read = await monitor.read(id, after);
    expect(read.props?.maintenanceStartAt).toMatch(/^2030-05-01T01:00:00/);
    expect((await monitor.diff(id, read.props, cleared)).changes).toBe(true);
    await monitor.update(id, read.props, cleared);
    expect(await liveWindow(id)).toEqual([null, null]);
  });
});

function camel(w: typeof WINDOW) {
  return { maintenanceStartAt: w.maintenance_start_at, maintenanceEndAt: w.maintenance_end_at };
}
