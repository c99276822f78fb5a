/**
 * Updates and replacements: changing a monitor field is one in-place update that keeps the monitor's id;
 * changing an incident's `startedAt` or `monitorId` replaces the incident (the service sets
 * both only on store).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { INCIDENT_TYPE, MONITOR_TYPE, byName, jsonSummary, ok, secs, summary, type RunResult } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { sameInstant, type ApiIncident } from "./api";

describe("changes", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" }, up: true });
  let apiId: number;
  let webId: number;

  beforeAll(async () => {
    apiId = (await e2e.srv.api.monitorNamed("e2e api")).id;
    webId = (await e2e.srv.api.monitorNamed("e2e web")).id;
  });
  let monitorPreview: RunResult;

  it("preview of a changed monitor field shows one in-place update of that monitor", async () => {
    await e2e.stack.setConfig("fixture:apiInterval", "300");
    monitorPreview = ok(await e2e.stack.preview());
    expect(monitorPreview.output).toMatch(
      /~\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+api\s+update\s+\[diff: ~interval\]/,
    );
    expect(monitorPreview.output).not.toMatch(/Monitor\s+(api|web)\s+(replace|create|delete)/);
    expect(summary(monitorPreview.output)).toMatchObject({ update: 1 });
  });

  // KNOWN BUG (reported; flip to `it` once fixed): while previewing an update, the engine hands a
  // dynamic resource's new INPUTS back as its outputs, so the service-computed `monitorId` of the
  // updated monitor is unknown, and the Incident built from it previews as a replacement
  // (`+- Incident outage replace [diff: ~monitorId]`), although `up` then replaces nothing.
  // Proposed fix in src/dynamic/monitor.ts: derive `monitorId` from the resource id, which the
  // engine keeps known across updates.
  it("that preview leaves the monitor's incident alone", () => {
    expect(monitorPreview.output).not.toMatch(/Incident\s+outage\s+replace/);
    expect(summary(monitorPreview.output)).toMatchObject({ update: 1, unchanged: 3 });
  });

  it("up makes one in-place update with the same id", async () => {
    const writes = e2e.srv.server.writeCount();
    const up = ok(await e2e.stack.up(["--json"]));
    console.log(`up (1 in-place update): ${secs(up.ms)}`);
    // The engine's own JSON summary and the recorded history agree: 1 update, nothing else.
    expect(jsonSummary(up.stdout)).toEqual({ update: 1, same: 3 });
    expect(await e2e.stack.lastChanges()).toEqual({ update: 1, same: 3 });

    expect(e2e.srv.server.writeCount() - writes).toBe(1);
    const api = await e2e.srv.api.monitorNamed("e2e api");
    expect(api).toMatchObject({ id: apiId, interval: 300 });
    expect((await e2e.srv.api.monitors()).length).toBe(2);
    const state = byName(await e2e.stack.resources(MONITOR_TYPE), "api");
    expect(state.id).toBe(String(apiId));
    expect(state.outputs).toMatchObject({ interval: 300, monitorId: apiId });
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });

  /**
   * Sets `fixture:<key>` to `value`: the preview names `field` as what replaces the incident
   * and nothing else changes, and up replaces it. Returns the one incident there is then.
   */
  async function incidentReplacedBy(key: string, value: string, field: string): Promise<ApiIncident> {
    const [old] = await e2e.srv.api.incidents();
    await e2e.stack.setConfig(`fixture:${key}`, value);
    const preview = ok(await e2e.stack.preview());
    expect(preview.output).toMatch(
      new RegExp(`\\+-\\s+pulumi-nodejs:dynamic/uptime:Incident\\s+outage\\s+replace\\s+\\[diff: ~${field}\\]`),
    );
    expect(summary(preview.output)).toMatchObject({ replace: 1, unchanged: 3 });

    ok(await e2e.stack.up());
    expect(await e2e.stack.lastChanges()).toEqual({ replace: 1, same: 3 });
    const incidents = await e2e.srv.api.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0].id).not.toBe(old.id);
    return incidents[0];
  }

  it("a changed incident startedAt replaces the incident", async () => {
    const replaced = await incidentReplacedBy("incidentStartedAt", "2024-01-01T09:30:00", "startedAt");
    expect(replaced.monitor_id).toBe(apiId);
    expect(sameInstant(replaced.started_at, "2024-01-01T09:30:00")).toBe(true);
    expect(byName(await e2e.stack.resources(INCIDENT_TYPE), "outage").id).toBe(String(replaced.id));
  });

  it("a changed incident monitorId replaces the incident", async () => {
    const replaced = await incidentReplacedBy("incidentOn", "web", "monitorId");
    expect(replaced.monitor_id).toBe(webId);
    // Neither monitor was touched by the incident's replacement.
    expect((await e2e.srv.api.monitors()).map((m) => m.id).sort()).toEqual([apiId, webId].sort());
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});
