import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { DEFAULT_API_KEY } from "../../src/server";
import { UptimeClient } from "../../src/client";
import {
  getIncident,
  getIncidents,
  getIncidentsOutput,
  getMonitor,
  getMonitorOutput,
  getMonitors,
  getMonitorsOutput,
} from "../../src/index";

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: UptimeClient;
let opts: { baseUrl: string; apiKey: string };
let firstId: number;

function value<T>(o: { apply: (f: (v: T) => void) => unknown }): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

beforeAll(async () => {
  server = await startTestServer();
  opts = { baseUrl: server.url, apiKey: DEFAULT_API_KEY };
  client = new UptimeClient(opts);
  // More than one page of the largest page size, so that "every page" is shown.
  for (let i = 0; i < 105; i++) {
    const m = await client.monitors.create({
      name: `fleet-${String(i).padStart(3, "0")}`,
      url: `https://fleet${i}.example.com`,
      interval: 60,
    });
    if (i === 0) firstId = m.id;
  }
  await client.monitors.create({ name: "other", url: "https://other.example.com", interval: 300 });
  await client.incidents.create({
    monitor_id: firstId,
    started_at: "2026-01-01T00:00:00",
    ended_at: "2026-01-01T01:00:00",
    cause: "dns",
  });
  await client.incidents.create({ monitor_id: firstId, started_at: "2026-01-02T00:00:00", cause: "tls" });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe("Functions", () => {
  it("getMonitor reads one monitor in the program's names", async () => {
    expect(await getMonitor({ monitorId: firstId }, opts)).toMatchObject({
      monitorId: firstId,
      name: "fleet-000",
      interval: 60,
      alertCondition: "url_unavailable",
    });
  });

  it("getMonitors reads every page and passes the filters", async () => {
    const before = server.requests.length;
    const all = await getMonitors({ search: "fleet-", sortBy: "name", sort: "asc" }, opts);
    // 105 matches at the client's page size of 100: two list requests.
    const pages = server.requests.slice(before).filter((r) => r.method === "GET" && r.path === "/api/v1/monitors");
    expect(pages).toHaveLength(2);
    expect(all.monitors).toHaveLength(105);
    expect(all.monitors[0].name).toBe("fleet-000");
    expect(all.monitors[104].name).toBe("fleet-104");
    const byUrl = await getMonitors({ search: "other.example", searchBy: "url" }, opts);
    expect(byUrl.monitors.map((m) => m.name)).toEqual(["other"]);
  });

  it("getIncident and getIncidents filter by monitor and status", async () => {
    const open = await getIncidents({ monitorId: firstId, status: "unresolved" }, opts);
    expect(open.incidents.map((i) => i.cause)).toEqual(["tls"]);
    const one = await getIncident({ incidentId: open.incidents[0].incidentId }, opts);
    expect(one).toMatchObject({ monitorId: firstId, status: "unresolved", startedAt: "2026-01-02T00:00:00" });
  });

  it("alerts and requestHeaders are secret, in the Promise forms and the Output forms", async () => {
    const { isSecret, output } = await import("@pulumi/pulumi");
    const hook = "https://hooks.example.com/functions/SECRET-token";
    const m = await client.monitors.create({
      name: "with secrets",
      url: "https://secrets.example.com",
      interval: 60,
      alerts: [{ key: "webhook", value: hook }],
      request_headers: [{ key: "Authorization", value: "Bearer fn-token" }],
    });
    const one = await getMonitor({ monitorId: m.id }, opts);
    expect(one.name).toBe("with secrets"); // other fields stay plain
    expect(await isSecret(one.alerts)).toBe(true);
    expect(await isSecret(one.requestHeaders)).toBe(true);
    expect(await value(one.alerts)).toEqual([{ key: "webhook", value: hook }]);
    expect(await value(one.requestHeaders)).toEqual([{ key: "Authorization", value: "Bearer fn-token" }]);
    const listed = (await getMonitors({ search: "with secrets" }, opts)).monitors;
    expect(listed).toHaveLength(1);
    expect(await isSecret(listed[0].alerts)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain("SECRET-token");

    const viaOutput = getMonitorOutput({ monitorId: output(m.id) }, opts);
    expect(await isSecret(viaOutput)).toBe(true);
    expect(await isSecret(viaOutput.alerts)).toBe(true);
    expect((await value(viaOutput)).alerts).toEqual([{ key: "webhook", value: hook }]);
    expect(await isSecret(getMonitorsOutput({ search: "with secrets" }, opts))).toBe(true);
    await client.monitors.delete(m.id);
  });

  it("the Output forms take Inputs and resolve to the same results", async () => {
    const { output } = await import("@pulumi/pulumi");
    expect((await value(getMonitorOutput({ monitorId: output(firstId) }, opts))).name).toBe("fleet-000");
    expect((await value(getMonitorsOutput({ search: "other" }, opts))).monitors).toHaveLength(1);
    expect((await value(getIncidentsOutput({ monitorId: firstId }, opts))).incidents).toHaveLength(2);
  });
});
