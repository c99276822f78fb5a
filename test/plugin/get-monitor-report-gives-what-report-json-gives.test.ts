/**
 * `getMonitorReport` through Invoke, against the report command's history (an account on
 * Berlin time, incidents stored with past wall times and opened by the checker): the figures
 * are exactly those `pulumi-uptime report --json` gives for the monitor, under the same
 * names; bad arguments fail naming the argument, before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OLD_FIGURES } from "../report/history";
import { KEY, ZONE, reportFixture } from "../cli/report-fixture";
import { PluginUnderTest, secret } from "./helpers";

/** January 2026 in Berlin wall time: the period of the command's tests. */
const PERIOD = ["--from", "2026-01-01T01:00", "--until", "2026-01-31T01:00"];

describe("getMonitorReport through Invoke", () => {
  let f: Awaited<ReturnType<typeof reportFixture>>;
  let plugin: PluginUnderTest;
  beforeAll(async () => {
    f = await reportFixture();
    plugin = await PluginUnderTest.start();
    await plugin.configure({ baseUrl: f.server.url, apiKey: secret(KEY), timeZone: ZONE });
  }, 60_000);
  afterAll(async () => {
    await plugin?.close();
    await f?.close();
  });

  /** What `report --json` gives for monitor `id` over the period, with `args`. */
  async function reported(id: number, args: string[]) {
    const r = await f.run(["--json", ...PERIOD, ...args]);
    expect(r.code).toBe(0);
    return (JSON.parse(r.stdout) as { monitors: { id: number }[] }).monitors.find((m) => m.id === id);
  }

  it("gives report --json's figures and budget for each monitor", async () => {
    for (const m of Object.values(f.monitors)) {
      const { result, failures } = await plugin.invoke("getMonitorReport", {
        monitorId: m.id,
        from: "2026-01-01T01:00",
        until: "2026-01-31T01:00",
        slo: 99.9,
      });
      expect(failures).toEqual([]);
      // Null figures (no incident acknowledged) travel as null.
      expect(result).toEqual(await reported(m.id, ["--slo", "99.9"]));
    }
  });

  it("gives the history's figures worked out by hand, without a budget when no slo is given", async () => {
    const { result } = await plugin.invoke("getMonitorReport", {
      monitorId: f.monitors.old.id,
      from: "2026-01-01T00:00:00Z",
      until: "2026-01-31T00:00:00Z",
    });
    const { budget: _, ...figures } = OLD_FIGURES;
    expect(result).toEqual({ ...figures, id: f.monitors.old.id });
  });

  it("takes a null argument for an unset one, as `pulumi do` sends them", async () => {
    const period = { monitorId: f.monitors.old.id, from: "2026-01-01T00:00:00Z", until: "2026-01-31T00:00:00Z" };
    const { result, failures } = await plugin.invoke("getMonitorReport", { ...period, window: null, slo: null });
    expect(failures).toEqual([]);
    expect(result).toEqual((await plugin.invoke("getMonitorReport", period)).result);
  });

  it("fails on bad arguments naming the argument, before any request", async () => {
    const id = f.monitors.old.id;
    const before = f.server.requests.length;
    const failures = async (args: Record<string, unknown>) =>
      (await plugin.invoke("getMonitorReport", { monitorId: id, ...args })).failures;
    expect(await failures({ window: "7d", from: "2026-01-01T00:00" })).toEqual([
      { property: "window", reason: "window: give either window or from, not both" },
    ]);
    expect(await failures({ slo: 100 })).toEqual([
      { property: "slo", reason: "slo: must be a percentage between 0 and 100" },
    ]);
    expect(await failures({ slo: "99.9" })).toEqual([
      { property: "slo", reason: "slo: expected a percentage (a number)" },
    ]);
    expect((await failures({ group: "prefix" }))[0].property).toBe("group");
    await expect(plugin.invoke("getMonitorReport", { monitorId: id, window: "30x" })).rejects.toThrow(
      /getMonitorReport: .*window: window takes a length such as 30d/,
    );
    await expect(plugin.invoke("getMonitorReport", { monitorId: id, from: "yesterday" })).rejects.toThrow(
      /from: from takes a time such as/,
    );
    expect(f.server.requests.length).toBe(before);
  });
});
