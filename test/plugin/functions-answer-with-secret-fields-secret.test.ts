/**
 * The four functions through Invoke: results in the program's names with alerts and
 * request headers secret, every page of a list read, and bad arguments reported as
 * failures naming the argument and the allowed values, before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredPlugin, isSecret, outsideSecrets } from "./helpers";

const HOOK = "https://hooks.example.com/invoke-secret";
let env: Awaited<ReturnType<typeof configuredPlugin>>;
let firstId: number;
beforeAll(async () => {
  env = await configuredPlugin();
  for (let i = 0; i < 27; i++) {
    const m = await env.outside.monitors.create({
      name: `fn ${i}`,
      url: `https://fn${i}.example.com`,
      interval: 60,
      alerts: [{ key: "webhook", value: HOOK }],
    });
    firstId ??= m.id;
  }
  await env.outside.incidents.create({ monitor_id: firstId, started_at: "2024-01-01T10:00:00", cause: "fn outage" });
});
afterAll(async () => {
  await env.close();
});

describe("Functions through Invoke", () => {
  it("getMonitor returns the monitor with its alerts secret", async () => {
    const { result, failures } = await env.plugin.invoke("getMonitor", { monitorId: firstId });
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ monitorId: firstId, name: "fn 0", interval: 60 });
    expect(typeof result.status).toBe("string");
    expect(isSecret(result.alerts) && isSecret(result.requestHeaders)).toBe(true);
    expect(JSON.stringify(outsideSecrets(result))).not.toContain(HOOK);
  });

  it("getMonitors reads every page and filters", async () => {
    const all = await env.plugin.invoke("getMonitors", {});
    expect((all.result.monitors as unknown[]).length).toBe(27);
    expect(JSON.stringify(outsideSecrets(all.result))).not.toContain(HOOK);
    const some = await env.plugin.invoke("getMonitors", { search: "fn 2", sortBy: "name", sort: "asc" });
    expect((some.result.monitors as { name: string }[]).map((m) => m.name)).toEqual([
      "fn 2",
      "fn 20",
      "fn 21",
      "fn 22",
      "fn 23",
      "fn 24",
      "fn 25",
      "fn 26",
    ]);
  });

  it("getIncident and getIncidents read incidents", async () => {
    const list = await env.plugin.invoke("getIncidents", { monitorId: firstId });
    const incidents = list.result.incidents as { incidentId: number; cause: string }[];
    expect(incidents.map((i) => i.cause)).toEqual(["fn outage"]);
    const one = await env.plugin.invoke("getIncident", { incidentId: incidents[0].incidentId });
    expect(one.result).toMatchObject({ monitorId: firstId, status: "unresolved" });
  });

  it("bad arguments fail naming the argument, before any request", async () => {
    const before = env.server.requests.length;
    expect((await env.plugin.invoke("getMonitors", { sortBy: "date" })).failures).toEqual([
      { property: "sortBy", reason: 'sortBy: "date" is not one of id, name, url' },
    ]);
    expect((await env.plugin.invoke("getMonitors", { perPage: 10 })).failures[0].reason).toMatch(
      /^perPage: is not an argument of this function; allowed: search, searchBy, statusPageId, sortBy, sort$/,
    );
    expect((await env.plugin.invoke("getMonitor", {})).failures).toEqual([
      { property: "monitorId", reason: "monitorId: expected a monitor id (a number)" },
    ]);
    expect(env.server.requests.length).toBe(before);
  });

  it("a monitor that does not exist fails, naming the function", async () => {
    await expect(env.plugin.invoke("getMonitor", { monitorId: 999999 })).rejects.toThrow(
      /getMonitor: .*not found|getMonitor: .*404/i,
    );
  });
});
