/**
 * Two resources of a run must never manage one monitor. The provider process sees every
 * resource of the run (claims.ts), keyed by URN: a second resource declaring the same name
 * (as the service compares names) or the same adoptId fails at check naming the first; an
 * adoption that turns out to reach a monitor another resource manages fails before writing;
 * a delete of a monitor another resource now manages is skipped, with a warning; two
 * resources reading one monitor on refresh are warned about.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { monitor } from "../../src/dynamic/runtime";
import { monitorClaims } from "../../src/runtime/monitor/claims";
import { setProviderLog } from "../../src/runtime/log";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { checkedBy, providerHarness } from "./helpers";
import { monitorUrn, runMonitor } from "../support/run-resources";

let h: Awaited<ReturnType<typeof providerHarness>>;
const warnings: string[] = [];
beforeAll(async () => {
  h = await providerHarness();
});
afterAll(async () => {
  setProviderLog(undefined);
  await h.close();
});
beforeEach(() => {
  monitorClaims.clear();
  warnings.length = 0;
  setProviderLog({ warn: async (m) => void warnings.push(m), info: async () => undefined });
});

const deletes = () => h.server.requests.filter((r) => r.method === "DELETE").length;

describe("at check", () => {
  it("a second resource declaring the same name, in any case, fails naming the first", async () => {
    expect((await monitor.check({}, runMonitor("api", { name: "API health" }))).failures).toBeUndefined();
    const second = await monitor.check({}, runMonitor("api-copy", { name: "api HEALTH" }));
    expect(second.failures).toEqual([
      {
        property: "name",
        reason:
          'name: "api HEALTH" is also declared by Monitor "api" (as "API health"); monitor names are unique per account (ignoring ' +
          "case and accents), so both resources would manage one monitor and both would delete it. Declare each monitor once, or give each its own name.",
      },
    ]);
    // The same resource checked again (a later step of the run) is no duplicate of itself.
    expect((await monitor.check({}, runMonitor("api", { name: "API health" }))).failures).toBeUndefined();
  });

  it("two adoptIds of one monitor fail naming the first; unknown names are skipped", async () => {
    await checkedBy(monitor, runMonitor("old-a", { name: "A", adoptId: 7 }));
    expect((await monitor.check({}, runMonitor("old-b", { name: "B", adoptId: 7 }))).failures).toEqual([
      {
        property: "adoptId",
        reason:
          'adoptId: monitor 7 is also adopted by Monitor "old-a"; two resources must not manage one monitor (both would write it and both would delete it). Adopt it once.',
      },
    ]);
    await checkedBy(monitor, runMonitor("later-1", { name: UNKNOWN }));
    await checkedBy(monitor, runMonitor("later-2", { name: UNKNOWN }));
  });

  it("a resource whose name changed takes the new name and frees the old", async () => {
    await checkedBy(monitor, runMonitor("renamed", { name: "Before" }));
    await checkedBy(monitor, runMonitor("renamed", { name: "After" }));
    await checkedBy(monitor, runMonitor("other", { name: "Before" }));
  });
});

describe("at create, delete and refresh", () => {
  it("adopting by name the monitor another resource adopted by id fails before any write", async () => {
    const m = await h.outOfBand.monitors.create({
      name: "Shared target",
      url: "https://claims.example.com",
      interval: 300,
    });
    await monitor.create(await checkedBy(monitor, runMonitor("by-id", { name: "By id", adoptId: m.id })));
    await h.outOfBand.monitors.update(m.id, { name: "Shared target" });
    const writes = h.server.writeCount();
    await expect(
      monitor.create(await checkedBy(monitor, runMonitor("by-name", { name: "Shared target", adopt: true }))),
    ).rejects.toThrow(
      new RegExp(
        `^Monitor "by-name": monitor ${m.id} \\("Shared target"\\) is already managed by Monitor "by-id" in this run`,
      ),
    );
    expect(h.server.writeCount()).toBe(writes);
  });

  it("a renamed resource whose replacement adopted its monitor: the old one's delete leaves it, with a warning", async () => {
    // Run 1 created it as "old"; run 2 declares it as "new" with adopt, and deletes "old".
    const { id, outs } = await monitor.create(await checkedBy(monitor, runMonitor("old", { name: "Renamed monitor" })));
    monitorClaims.clear();
    const adopted = await monitor.create(
      await checkedBy(monitor, runMonitor("new", { name: "Renamed monitor", adopt: true })),
    );
    expect(adopted.id).toBe(id);
    const before = deletes();
    await monitor.delete(id, outs);
    expect(deletes()).toBe(before);
    expect((await h.outOfBand.monitors.get(Number(id))).name).toBe("Renamed monitor");
    expect(warnings).toEqual([`Monitor "old": monitor ${id} was not deleted, because Monitor "new" manages it now.`]);
  });

  it("a monitor two resources managed (from before these checks): removing one keeps it for the other", async () => {
    const { id, outs } = await monitor.create(await checkedBy(monitor, runMonitor("twin-a", { name: "Twin" })));
    const twinB = { ...outs, __resourceName: "twin-b", __urn: monitorUrn("twin-b") };
    monitorClaims.clear();
    // The run: twin-b stays in the program (its diff sees its old outputs), twin-a is removed.
    await monitor.diff(id, twinB, await checkedBy(monitor, runMonitor("twin-b", { name: "Twin" })));
    await monitor.delete(id, outs);
    expect((await h.outOfBand.monitors.get(Number(id))).name).toBe("Twin");
    // A destroy (no diff) deletes it; the second delete finds it gone, which is fine.
    monitorClaims.clear();
    await monitor.delete(id, outs);
    await monitor.delete(id, twinB);
    await expect(h.outOfBand.monitors.get(Number(id))).rejects.toThrow(/not found/);
  });

  it("a refresh warns once when two resources read one monitor", async () => {
    const { id, outs } = await monitor.create(await checkedBy(monitor, runMonitor("read-a", { name: "Read twice" })));
    await monitor.read(id, outs);
    await monitor.read(id, { ...outs, __resourceName: "read-b", __urn: monitorUrn("read-b") });
    await monitor.read(id, { ...outs, __resourceName: "read-b", __urn: monitorUrn("read-b") });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^Monitor "read-b" and Monitor "read-a" both manage monitor ${id} \\("Read twice"\\)`),
    );
  });
});
