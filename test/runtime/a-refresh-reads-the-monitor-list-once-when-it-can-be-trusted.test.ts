/**
 * The refresh's read snapshot (monitor/read-snapshot.ts) against an in-process stand-in for
 * the service (test/support/fake-monitor-service.ts), counting requests: the first monitor
 * is read by id; then the list is read once and its copies answer, once the first read
 * shows the list agrees with a read by id; a list that disagrees is not trusted; a monitor
 * the list lacks is read by id; the snapshot lasts 30 s and a write drops it. (A whole
 * account against the local server: refresh-reads-the-list-once.test.ts and beside it.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { MonitorReadSnapshot } from "../../src/runtime/monitor/read-snapshot";
import { fakeMonitorService, type FakeMonitorService } from "../support/fake-monitor-service";

const services: FakeMonitorService[] = [];
async function withMonitors(n: number) {
  const s = fakeMonitorService();
  services.push(s);
  for (let i = 1; i <= n; i++)
    await s.client.monitors.create({ name: `m${i}`, url: "https://m.example", interval: 60 });
  s.sent.length = 0;
  let now = 0;
  const snapshot = new MonitorReadSnapshot(s.client, () => now);
  return { s, snapshot, advance: (ms: number) => (now += ms) };
}
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.client.close()));
});
const calls = (s: FakeMonitorService) => s.sent.map((r) => `${r.method} ${r.path.split("?")[0]}`);

describe("a refresh's reads", () => {
  it("read the first monitor by id, then the list once, whose copies answer the rest", async () => {
    const { s, snapshot } = await withMonitors(3);
    const names = [];
    for (const id of [1, 2, 3]) names.push((await snapshot.get(id)).name);
    expect(names).toEqual(["m1", "m2", "m3"]);
    expect(calls(s)).toEqual(["GET /api/v1/monitors/1", "GET /api/v1/monitors"]);
  });

  it("do not trust a list whose copy of the first monitor differs from its read by id", async () => {
    const { s, snapshot } = await withMonitors(3);
    await snapshot.get(1);
    s.monitors.get(1)!.name = "changed after the first read";
    await snapshot.get(2);
    await snapshot.get(3);
    expect(calls(s)).toEqual([
      "GET /api/v1/monitors/1",
      "GET /api/v1/monitors",
      "GET /api/v1/monitors/2",
      "GET /api/v1/monitors/3",
    ]);
  });

  it("read a monitor the list lacks by id", async () => {
    const { s, snapshot } = await withMonitors(2);
    await snapshot.get(1);
    await expect(snapshot.get(7)).rejects.toThrow(/not found \(404\)/);
    expect(calls(s)).toEqual(["GET /api/v1/monitors/1", "GET /api/v1/monitors", "GET /api/v1/monitors/7"]);
  });

  it("start again after 30 s, and after a write drops the snapshot", async () => {
    const { s, snapshot, advance } = await withMonitors(2);
    await snapshot.get(1);
    await snapshot.get(2);
    advance(30_001);
    await snapshot.get(2);
    expect(calls(s).slice(2)).toEqual(["GET /api/v1/monitors/2"]);
    snapshot.invalidate();
    await snapshot.get(1);
    expect(calls(s).slice(3)).toEqual(["GET /api/v1/monitors/1"]);
  });

  it("go by id when the list cannot be read", async () => {
    const { s, snapshot } = await withMonitors(2);
    await snapshot.get(1);
    s.fault((r) => r.method === "GET" && r.path.startsWith("/api/v1/monitors?"), {
      status: 400,
      json: { message: "no" },
    });
    expect((await snapshot.get(2)).name).toBe("m2");
    expect(calls(s)).toEqual(["GET /api/v1/monitors/1", "GET /api/v1/monitors", "GET /api/v1/monitors/2"]);
  });
});
