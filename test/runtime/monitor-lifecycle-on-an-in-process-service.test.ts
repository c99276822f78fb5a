/**
 * The monitor's lifecycle through the runtime's operations (operations.ts,
 * monitor/monitor-lifecycle.ts, monitor/read-snapshot.ts) against an in-process stand-in for
 * the service (test/support/fake-monitor-service.ts): create, adoption by name and by id, a
 * create whose answer was lost finding its own monitor, a name taken by another monitor,
 * read, update, pause and delete as Pulumi calls them. (The same against the local server:
 * monitor-lifecycle.test.ts, monitor-adoption.test.ts, create-with-unknown-outcome.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { monitorOperations } from "../../src/runtime/operations";
import { monitorClaims } from "../../src/runtime/monitor/claims";
import { setProviderLog } from "../../src/runtime/log";
import { fakeMonitorService, transportError, type FakeMonitorService } from "../support/fake-monitor-service";

const services: FakeMonitorService[] = [];
function service() {
  const s = fakeMonitorService();
  services.push(s);
  return { s, ops: monitorOperations({ client: () => s.client, timeZone: () => "UTC" }) };
}
afterEach(async () => {
  setProviderLog(undefined);
  monitorClaims.clear();
  await Promise.all(services.splice(0).map((s) => s.client.close()));
});

const inputs = { name: "api", url: "https://api.example", interval: 60, __resourceName: "api" };
const isPost = (r: { method: string }) => r.method === "POST";
const calls = (s: FakeMonitorService) => s.sent.map((r) => `${r.method} ${r.path.split("?")[0]}`);
/** The URN of the Monitor resource named `n`. */
const urn = (n: string) => `urn:pulumi:dev::p::uptime:index:Monitor::${n}`;

/** What the provider warns and tells from here on (afterEach resets the log). */
function providerLog(): { warned: string[]; told: string[] } {
  const log = { warned: [] as string[], told: [] as string[] };
  setProviderLog({ warn: async (m) => void log.warned.push(m), info: async (m) => void log.told.push(m) });
  return log;
}

describe("create", () => {
  it("stores the monitor and returns its id and outputs", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    expect(made.id).toBe("1");
    expect(made.outs).toMatchObject({ monitorId: 1, name: "api", url: "https://api.example", interval: 60 });
    expect(calls(s)).toEqual(["POST /api/v1/monitors"]);
  });

  it("paused, stores it and then pauses it", async () => {
    const { s, ops } = service();
    const made = await ops.create({ ...inputs, paused: true });
    expect(made.outs).toMatchObject({ paused: true, status: "paused" });
    expect(calls(s)).toEqual(["POST /api/v1/monitors", "PATCH /api/v1/monitors/1"]);
  });

  it("whose answer was lost finds the monitor it stored instead of storing another", async () => {
    const { s, ops } = service();
    s.fault(isPost, { error: transportError("ECONNRESET") }, true);
    // As the engine calls it: with the inputs check returned, the service's defaults filled in.
    const made = await ops.create(ops.check(inputs).inputs!);
    expect(made.id).toBe("1");
    expect(s.monitors.size).toBe(1);
    expect(calls(s)).toEqual(["POST /api/v1/monitors", "GET /api/v1/monitors"]);
  });

  it("whose answer was lost before anything was stored stores it once more", async () => {
    const { s, ops } = service();
    s.fault(isPost, { error: transportError("ECONNRESET") });
    expect((await ops.create(inputs)).id).toBe("1");
    expect(calls(s)).toEqual(["POST /api/v1/monitors", "GET /api/v1/monitors", "POST /api/v1/monitors"]);
  });

  it("with a name another monitor holds fails naming the name, and says how to adopt it", async () => {
    const { ops } = service();
    await ops.create({ ...inputs, __resourceName: "first" });
    const error = await ops.create(inputs).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Monitor "api": /);
    expect((error as Error).message).toContain("adopt");
  });

  it("with adopt takes over the monitor of that name and brings it to the declared state", async () => {
    const { s, ops } = service();
    await ops.create({ ...inputs, interval: 300, __resourceName: "outside" });
    monitorClaims.clear();
    const made = await ops.create({ ...inputs, adopt: true });
    expect(made.id).toBe("1");
    expect(made.outs).toMatchObject({ interval: 60, adopt: true });
    expect(s.monitors.get(1)?.interval).toBe(60);
  });

  it("with adoptId takes over that monitor, and one not there fails naming adoptId", async () => {
    const { ops } = service();
    await ops.create({ ...inputs, __resourceName: "outside" });
    monitorClaims.clear();
    expect((await ops.create({ ...inputs, name: "api", adoptId: 1 })).id).toBe("1");
    await expect(ops.create({ ...inputs, adoptId: 9 })).rejects.toThrow(
      'Monitor "api": adoptId 9: no monitor with that id in this account',
    );
  });

  it("with a taken name says so exactly, naming the field and the aliases option", async () => {
    const { ops } = service();
    await ops.create({ ...inputs, __resourceName: "first" });
    const error = (await ops.create(inputs).catch((e: unknown) => e)) as Error & { fields?: object };
    expect(error.message).toBe(
      'Monitor "api": a monitor named "api" already exists in this account. Declare it with `adopt: true` to take it ' +
        "over, or choose another name (renaming a resource of this stack? Give it the `aliases` option with its old name instead).",
    );
    expect(error.fields).toEqual({ name: ["already exists"] });
  });

  it("whose answer was lost and whose name another monitor holds leaves that monitor alone, naming what differs", async () => {
    const { s, ops } = service();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 300 });
    s.fault(isPost, { error: transportError("ECONNRESET") });
    const error = await ops.create(ops.check(inputs).inputs!).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      'a monitor named "api" already exists in this account (id 1) and it is not the one this create sent (interval differs).',
    );
    expect(s.monitors.get(1)?.interval).toBe(300);
  });

  it("an adoption is told through the provider log, and one that matches sends no update", async () => {
    const { s, ops } = service();
    const { told } = providerLog();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 60 });
    s.sent.length = 0;
    await ops.create(ops.check({ ...inputs, adopt: true }).inputs!);
    expect(told).toEqual([
      'Monitor "api" took over the existing monitor 1 ("api", adopt: true, found by name) instead of creating one.',
    ]);
    expect(calls(s)).toEqual(["GET /api/v1/monitors"]);
  });

  it("an adoption whose update fails still records the monitor, so the next up finishes it", async () => {
    const { s, ops } = service();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 300 });
    s.fault((r) => r.method === "PATCH", { status: 422, json: { message: "invalid", errors: { interval: ["no"] } } });
    const error = (await ops.create({ ...inputs, adoptId: 1 }).catch((e: unknown) => e)) as Error & {
      id?: string;
      properties?: Record<string, unknown>;
      reasons?: string[];
    };
    expect(error.message).toBe('Monitor "api": the service rejected interval: no');
    expect(error.id).toBe("1");
    expect(error.properties).toMatchObject({ monitorId: 1, interval: 300, __resourceName: "api" });
    expect(error.reasons).toEqual([error.message]);
  });

  it("two resources of a run adopting one monitor: the second is refused", async () => {
    const { s, ops } = service();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 60 });
    await ops.create({ ...inputs, adoptId: 1, __urn: urn("a"), __resourceName: "a" });
    await expect(ops.create({ ...inputs, adoptId: 1, __urn: urn("b"), __resourceName: "b" })).rejects.toThrow(
      'Monitor "b": monitor 1 ("api") is already managed by Monitor "a" in this run; two resources must not manage one monitor',
    );
  });

  it("refused for another reason names the field", async () => {
    const { s, ops } = service();
    s.fault(isPost, { status: 422, json: { message: "invalid", errors: { url: ["must be reachable"] } } });
    await expect(ops.create(inputs)).rejects.toThrow('Monitor "api": the service rejected url: must be reachable');
  });
});

describe("read, update and delete", () => {
  it("a read returns the monitor as state and inputs; one gone from state reads as empty", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    const read = await ops.read(made.id, made.outs);
    expect(read.id).toBe("1");
    expect(read.props).toMatchObject({ monitorId: 1, name: "api", __resourceName: "api" });
    expect(read.inputs).toMatchObject({ name: "api", url: "https://api.example", interval: 60 });
    expect(read.inputs).not.toHaveProperty("monitorId");
    s.monitors.clear();
    expect(await ops.read(made.id, made.outs)).toEqual({ id: "" });
  });

  it("a read of a monitor another resource of the run manages warns that both manage it", async () => {
    const { s, ops } = service();
    const { warned } = providerLog();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 60 });
    const made = await ops.create({ ...inputs, adoptId: 1, __urn: urn("a"), __resourceName: "a" });
    await ops.read("1", { ...made.outs, __urn: urn("b"), __resourceName: "b" });
    expect(warned).toEqual([
      'Monitor "b" and Monitor "a" both manage monitor 1 ("api"): both write it and both would delete it. Remove one of ' +
        "them from the program; `pulumi up` then leaves the monitor to the other.",
    ]);
  });

  it("a delete of a monitor another resource now manages leaves it, saying why", async () => {
    const { s, ops } = service();
    const { warned } = providerLog();
    await s.client.monitors.create({ name: "api", url: "https://api.example", interval: 60 });
    await ops.create({ ...inputs, adoptId: 1, __urn: urn("a"), __resourceName: "a" });
    await ops.delete("1", { __urn: urn("b"), __resourceName: "b" });
    expect(s.monitors.size).toBe(1);
    expect(warned).toEqual(['Monitor "b": monitor 1 was not deleted, because Monitor "a" manages it now.']);
  });

  it("a read keeps paused only when the state declared it, and the window only when declared", async () => {
    const { s, ops } = service();
    const made = await ops.create({ ...inputs, paused: true });
    const read = await ops.read(made.id, made.outs);
    expect(read.props).toMatchObject({ paused: true });
    expect(read.props).not.toHaveProperty("maintenanceStartAt");
    const { paused: _p, ...undeclared } = made.outs as Record<string, unknown>;
    void _p;
    expect(await ops.read(made.id, undeclared).then((r) => r.props)).not.toHaveProperty("paused");
    s.monitors.get(1)!.maintenance_start_at = null;
    const declared = await ops.read(made.id, { ...made.outs, maintenanceStartAt: "2026-01-01T00:00:00" });
    expect(declared.props).toMatchObject({ maintenanceStartAt: "", maintenanceEndAt: "" });
  });

  it("a read by id alone (an import) of a monitor not there says so", async () => {
    const { ops } = service();
    await expect(ops.read("9")).rejects.toThrow("Monitor 9: no monitor with id 9 in this account");
  });

  it("an update sends the changed fields and pauses when asked", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    const updated = await ops.update(made.id, made.outs, { ...inputs, interval: 300, paused: true });
    expect(updated.outs).toMatchObject({ interval: 300, paused: true });
    expect(s.monitors.get(1)).toMatchObject({ interval: 300, status: "paused" });
    expect(s.sent.at(-1)?.body).toContain("pause=1");
  });
});

describe("preview", () => {
  it("keeps the id and dates it knows and leaves the status unknown", () => {
    const { ops } = service();
    const outs = ops.previewOutputs(inputs, { monitorId: 1, createdAt: "c", status: "up", sslEndsAt: "s" });
    expect(outs).toMatchObject({ ...inputs, monitorId: 1, createdAt: "c", sslEndsAt: "s" });
    expect(outs.status).not.toBe("up");
    expect(ops.kind).toBe("Monitor");
  });
});
