/**
 * Drift by a delete: a monitor deleted through the API behind Pulumi's back. The next `refresh`
 * drops it from state and the next `up` creates it again (a new id, the declared fields).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, MONITOR_TYPE, byName, ok, summary, urnName } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

describe("out-of-band delete", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "lifecycle", server: srv, config: { "fixture:withIncident": "false" } });
    ok(await stack.up());
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("is dropped from state by refresh and created again by up", async () => {
    const gone = await srv.api.monitorNamed("e2e web");
    const api = await srv.api.monitorNamed("e2e api");
    await srv.api.deleteMonitor(gone.id);

    const refresh = ok(await stack.refresh());
    expect(refresh.output).toMatch(/-\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+web\s+deleted?\b/);
    expect(summary(refresh.output)).toMatchObject({ delete: 1 });
    expect((await stack.resources(MONITOR_TYPE)).map((r) => urnName(r.urn))).toEqual(["api"]);

    const preview = ok(await stack.preview());
    expect(preview.output).toMatch(/\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+web\s+create\b/);
    expect(summary(preview.output)).toMatchObject({ create: 1 });

    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1 });
    const monitors = await srv.api.monitors();
    expect(monitors.map((m) => m.name).sort()).toEqual(["e2e api", "e2e web"]);
    const web = monitors.find((m) => m.name === "e2e web")!;
    expect(web.id).not.toBe(gone.id);
    expect(web).toMatchObject({ url: "https://www.example.com/", interval: 300 });
    expect(monitors.find((m) => m.name === "e2e api")!.id).toBe(api.id);
    expect(byName(await stack.resources(MONITOR_TYPE), "web").id).toBe(String(web.id));
    ok(await stack.preview(["--expect-no-changes"]));
  });
});
