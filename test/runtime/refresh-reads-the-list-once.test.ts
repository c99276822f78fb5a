import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitor } from "../../src/dynamic/runtime";
import { providerHarness } from "./helpers";
import { checkedMonitorDefaults } from "../support/monitor-defaults";

// State of a managed monitor, as `refresh` passes it (a bare `Monitor.get` passes none).
const managed = (id: number) => ({ monitorId: id });

let h: Awaited<ReturnType<typeof providerHarness>>;
const ids: number[] = [];
beforeAll(async () => {
  h = await providerHarness();
  for (let i = 0; i < 60; i++) {
    ids.push(
      (await h.outOfBand.monitors.create({ name: `refresh-${i}`, url: `https://r${i}.example.com`, interval: 60 })).id,
    );
  }
});
afterAll(async () => {
  await h.close();
});

describe("Refresh of many monitors", () => {
  it("reads the list pages once instead of one request per monitor, with the same results", async () => {
    const before = h.server.requests.length;
    const results = await Promise.all(ids.map((id) => monitor.read(String(id), managed(id))));
    const seen = h.server.requests.slice(before);
    const byId = seen.filter((r) => /^\/api\/v1\/monitors\/\d+$/.test(r.path)).length;
    const lists = seen.filter((r) => r.path === "/api/v1/monitors").length;
    expect(byId).toBe(1);
    expect(lists).toBe(1);
    results.forEach((r, i) => expect(r.props).toMatchObject({ monitorId: ids[i], name: `refresh-${i}` }));
  });

  it("a write drops the snapshot, so the next reads see the service's current state", async () => {
    await Promise.all(ids.slice(0, 5).map((id) => monitor.read(String(id), managed(id))));
    const { outs } = await monitor.update(
      String(ids[0]),
      { ...(await monitor.read(String(ids[0]), managed(ids[0]))).props } as never,
      {
        name: "refresh-0",
        url: "https://r0.example.com",
        interval: 300,
        ...checkedMonitorDefaults(),
      } as never,
    );
    expect(outs.interval).toBe(300);
    const reads = await Promise.all(ids.slice(0, 3).map((id) => monitor.read(String(id), managed(id))));
    expect(reads[0].props).toMatchObject({ interval: 300 });
  });

  it("a monitor missing from the snapshot is read by id", async () => {
    await Promise.all(ids.slice(0, 3).map((id) => monitor.read(String(id), managed(id))));
    const created = await h.outOfBand.monitors.create({
      name: "after-snapshot",
      url: "https://late.example.com",
      interval: 60,
    });
    const late = await monitor.read(String(created.id), managed(created.id));
    expect(late.props).toMatchObject({ name: "after-snapshot" });
  });

  it("a monitor deleted before the refresh reads as gone", async () => {
    await h.outOfBand.monitors.delete(ids[10]);
    h.reconfigure(); // a new `pulumi refresh` is a new provider process
    const [, gone] = await Promise.all([
      monitor.read(String(ids[9]), managed(ids[9])),
      monitor.read(String(ids[10]), managed(ids[10])),
      monitor.read(String(ids[11]), managed(ids[11])),
    ]);
    expect(gone).toEqual({ id: "" });
  });
});
