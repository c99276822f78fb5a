/**
 * Drift by a delete: a monitor deleted through the API behind Pulumi's back. The next `refresh`
 * drops it from state and the next `up` creates it again (a new id, the declared fields).
 */
import { describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, ok, summary, urnName } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

describe("out-of-band delete", () => {
  const e2e = lifecycleStack({
    stack: { project: "lifecycle", config: { "fixture:withIncident": "false" } },
    up: true,
  });

  it("is dropped from state by refresh and created again by up", async () => {
    const gone = await e2e.srv.api.monitorNamed("e2e web");
    const api = await e2e.srv.api.monitorNamed("e2e api");
    await e2e.srv.api.deleteMonitor(gone.id);

    const refresh = ok(await e2e.stack.refresh());
    expect(refresh.output).toMatch(/-\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+web\s+deleted?\b/);
    expect(summary(refresh.output)).toMatchObject({ delete: 1 });
    expect((await e2e.stack.resources(MONITOR_TYPE)).map((r) => urnName(r.urn))).toEqual(["api"]);

    const preview = ok(await e2e.stack.preview());
    expect(preview.output).toMatch(/\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+web\s+create\b/);
    expect(summary(preview.output)).toMatchObject({ create: 1 });

    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1 });
    const monitors = await e2e.srv.api.monitors();
    expect(monitors.map((m) => m.name).sort()).toEqual(["e2e api", "e2e web"]);
    const web = monitors.find((m) => m.name === "e2e web")!;
    expect(web.id).not.toBe(gone.id);
    expect(web).toMatchObject({ url: "https://www.example.com/", interval: 300 });
    expect(monitors.find((m) => m.name === "e2e api")!.id).toBe(api.id);
    expect(byName(await e2e.stack.resources(MONITOR_TYPE), "web").id).toBe(String(web.id));
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});
