import { describe, expect, it } from "vitest";
import { monitor } from "../../src/dynamic/runtime";
import { checkedMonitor as checked, providerHarness } from "./helpers";
import { setWaiting } from "../../src/runtime/read-after-write";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => providerHarness());

const base = (name: string) => ({
  name,
  url: "https://api.example.com/health",
  interval: 60,
  alertCondition: "url_no_text",
  alertTextLookup: "ok",
  requestHeaders: [{ key: "X-Probe", value: "uptime" }],
  requestAuthUsername: "probe",
  requestAuthPassword: "hunter2",
  alerts: [
    { key: "email", value: "ops@example.com" },
    { key: "slack", value: "https://hooks.slack.com/services/T/B/X" },
  ],
  __resourceName: name.toLowerCase(),
});

describe("Monitor lifecycle against the local server", () => {
  it("create stores the monitor and echoes the inputs into the outputs", async () => {
    const inputs = await checked(base("Create"));
    const { id, outs } = await monitor.create(inputs);
    expect(outs).toMatchObject({ ...inputs, monitorId: Number(id), status: "pending" });
    const live = await h.outOfBand.monitors.get(Number(id));
    expect(live).toMatchObject({
      name: "Create",
      interval: 60,
      alert_text_lookup: "ok",
      request_auth_username: "probe",
      alerts: inputs.alerts,
    });
  });

  it("read returns live props and inputs, so refresh records drift and the next diff undoes it", async () => {
    const inputs = await checked(base("Drift"));
    const { id, outs } = await monitor.create(inputs);
    await h.outOfBand.monitors.update(Number(id), {
      interval: 300,
      alerts: [{ key: "email", value: "someone@example.com" }],
    });
    const read = await monitor.read(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toMatchObject({
      interval: 300,
      alerts: [{ key: "email", value: "someone@example.com" }],
      requestAuthPassword: "hunter2",
    });
    expect(read.inputs).toMatchObject({ interval: 300 });
    expect(read.inputs).not.toHaveProperty("status");
    const d = await monitor.diff(id, read.props, inputs);
    expect(d.changes).toBe(true);
    const { outs: after } = await monitor.update(id, read.props, inputs);
    expect(after).toMatchObject({ interval: 60, monitorId: Number(id) });
    expect((await h.outOfBand.monitors.get(Number(id))).alerts).toEqual(inputs.alerts);
    expect((await monitor.diff(id, (await monitor.read(id, after)).props, inputs)).changes).toBe(false);
  });

  it("update sends only the changed fields, leaving the rest of the monitor alone", async () => {
    const inputs = await checked(base("Partial"));
    const { id, outs } = await monitor.create(inputs);
    // Changed out of band and not declared differently: a full-body update would revert it.
    await h.outOfBand.monitors.update(Number(id), { url: "https://elsewhere.example.com" });
    const next = await checked({ ...base("Partial"), interval: 900 });
    const { outs: after } = await monitor.update(id, outs, next);
    const live = await h.outOfBand.monitors.get(Number(id));
    expect(live.interval).toBe(900);
    expect(live.url).toBe("https://elsewhere.example.com");
    expect(after.monitorId).toBe(Number(id));
  });

  it("a URL change updates in place and keeps the id", async () => {
    const inputs = await checked(base("Moves"));
    const { id, outs } = await monitor.create(inputs);
    const next = await checked({ ...base("Moves"), url: "https://v2.example.com/health" });
    expect(await monitor.diff(id, outs, next)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const { outs: after } = await monitor.update(id, outs, next);
    expect(after.monitorId).toBe(Number(id));
    expect((await h.outOfBand.monitors.get(Number(id))).url).toBe("https://v2.example.com/health");
  });

  it("clears optional fields that are no longer declared", async () => {
    const inputs = await checked(base("Clears"));
    const { id, outs } = await monitor.create(inputs);
    const next = await checked({ name: "Clears", url: "https://api.example.com/health", interval: 60 });
    await monitor.update(id, outs, next);
    const live = await h.outOfBand.monitors.get(Number(id));
    expect(live).toMatchObject({
      alert_condition: "url_unavailable",
      alert_text_lookup: null,
      request_headers: [],
      alerts: [],
      request_auth_username: null,
    });
  });

  it("paused is managed when declared and left alone when omitted", async () => {
    const { id, outs } = await monitor.create(await checked({ ...base("Pauses"), paused: true }));
    expect(outs.status).toBe("paused");
    expect((await h.outOfBand.monitors.get(Number(id))).status).toBe("paused");
    const resumed = await checked({ ...base("Pauses"), paused: false });
    expect((await monitor.diff(id, outs, resumed)).changes).toBe(true);
    const { outs: after } = await monitor.update(id, outs, resumed);
    expect(after.status).not.toBe("paused");
    // Omitted: someone pauses it by hand, and Pulumi does not resume it.
    await h.outOfBand.monitors.update(Number(id), { pause: true });
    const read = await monitor.read(id, { ...after, paused: undefined });
    expect((await monitor.diff(id, read.props, await checked(base("Pauses")))).changes).toBe(false);
  });

  it("a monitor deleted out of band reads as gone, and delete of a gone monitor succeeds", async () => {
    const { id, outs } = await monitor.create(await checked(base("Gone")));
    await h.outOfBand.monitors.delete(Number(id));
    // Created moments ago, a 404 may be a read lagging the create: the provider reads again
    // until the monitor is 10 s old (docs/consistency.md). A clock that sleeps move on lets
    // that pass at once.
    let t = Date.now();
    setWaiting({ now: () => t, sleep: async (ms) => void (t += ms) });
    try {
      expect(await monitor.read(id, outs)).toEqual({ id: "" });
    } finally {
      setWaiting(undefined);
    }
    await expect(monitor.delete(id, outs)).resolves.toBeUndefined();
  });

  it("Monitor.get of an id that does not exist fails instead of reading as nothing", async () => {
    await expect(monitor.read("987654", { __provider: "x" })).rejects.toThrow(
      /^Monitor 987654: no monitor with id 987654 in this account$/,
    );
  });

  it("delete removes the monitor", async () => {
    const { id, outs } = await monitor.create(await checked(base("Deleted")));
    await monitor.delete(id, outs);
    expect(await h.outOfBand.monitors.findByName("Deleted")).toBeUndefined();
  });
});
