/**
 * The providers under a service that changes things on its own, with the real engine: a
 * local server that checks the monitors' targets (served by this test on 127.0.0.1) when
 * the test runs a round.
 *
 * - Status moved by checks is not drift: `refresh --preview-only --expect-no-changes` (the
 *   gitops drift check) passes, and after `refresh`, `preview --expect-no-changes` passes
 *   and nothing is written.
 * - An incident the program declared without an end, which the service then ended, is
 *   left alone: no replace, no update, the same id.
 * - Declaring an end the service already holds a different value for is not fought.
 * - `getIncidents` returns the incident the service opened.
 * - Declaring an incident on a monitor with an ongoing incident the service opened fails
 *   at `up`, saying so and what to do, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INCIDENT_TYPE, byName, failed, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { startTarget, type Target } from "../support/targets";

/** `Y-m-dTH:i:s` UTC, `minutesAgo` before now. */
const ago = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19);

describe("a service that checks", () => {
  const e2e = lifecycleStack({ server: { checks: true } });
  let apiTarget: Target;
  let webTarget: Target;
  let webIncidentId: string;

  beforeAll(async () => {
    apiTarget = await startTarget();
    webTarget = await startTarget();
    apiTarget.healthy('{"status":"ok"}');
    const stack = await e2e.create({
      project: "checked",
      config: {
        "fixture:apiUrl": `${apiTarget.url}/health`,
        "fixture:webUrl": `${webTarget.url}/`,
        "fixture:webIncidentStartedAt": ago(60),
      },
    });
    ok(await stack.up());
    webIncidentId = byName(await stack.resources(INCIDENT_TYPE), "web-outage").id!;
  });
  afterAll(async () => {
    await apiTarget?.close();
    await webTarget?.close();
  });

  it("moves status, opens an incident and ends the declared one; refresh records it and preview then wants nothing", async () => {
    apiTarget.set({ kind: "respond", status: 503, body: '{"status":"degraded"}' });
    expect(await e2e.srv.server.runChecks()).toMatchObject({ checked: 2, up: 1, down: 1 });
    const [api, web] = [await e2e.srv.api.monitorNamed("checked api"), await e2e.srv.api.monitorNamed("checked web")];
    expect([api.status, web.status]).toEqual(["offline", "online"]);
    const declared = (await e2e.srv.api.incidents()).find((i) => String(i.id) === webIncidentId)!;
    expect(declared).toMatchObject({ status: "resolved", cause: "deploy rolled back" });

    // The gitops drift check is not fooled either: nothing the program declares moved.
    const writesBefore = e2e.srv.server.writeCount();
    expect(summary(ok(await e2e.stack.refreshPreview(["--expect-no-changes"])).output)).toMatchObject({ unchanged: 4 });

    ok(await e2e.stack.refresh());
    expect(e2e.srv.server.writeCount()).toBe(writesBefore);
    const state = byName(await e2e.stack.resources(INCIDENT_TYPE), "web-outage");
    expect(state.outputs).toMatchObject({ status: "resolved" });
    expect(state.outputs?.endedAt).toBeTruthy();

    const writes = e2e.srv.server.writeCount();
    const preview = ok(await e2e.stack.preview(["--expect-no-changes"]));
    expect(summary(preview.output)).toMatchObject({ unchanged: 4 });
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
  });

  it("an end declared after the service ended the incident is not fought: up changes and writes nothing", async () => {
    await e2e.stack.setConfig("fixture:webIncidentEndedAt", ago(30));
    const writes = e2e.srv.server.writeCount();
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ unchanged: 4 });
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    expect(byName(await e2e.stack.resources(INCIDENT_TYPE), "web-outage").id).toBe(webIncidentId);
  });

  it("getIncidents returns the incident the service opened", async () => {
    const outputs = await e2e.stack.outputs();
    expect(outputs.apiIncidents).toEqual([
      { incidentId: expect.any(Number), status: "unresolved", cause: '503 Service Unavailable, text "ok" not found' },
    ]);
  });

  it("declaring an incident on a monitor the service holds an ongoing incident for fails at up, saying what to do", async () => {
    const [opened] = (await e2e.srv.api.incidents()).filter((i) => i.status === "unresolved");
    await e2e.stack.setConfig("fixture:declareOnApi", "true");
    await e2e.stack.setConfig("fixture:apiIncidentStartedAt", ago(5));
    const writes = e2e.srv.server.writeCount();
    const up = failed(await e2e.stack.up());
    expect(up.output).toContain(`already has an ongoing incident (id ${opened.id}`);
    expect(up.output).toContain("most likely the service opened it when a check failed");
    expect(up.output).toContain("Run `pulumi up` again once that incident has ended");
    // The one store was refused; nothing else was written.
    expect(e2e.srv.server.writeCount() - writes).toBe(1);
    expect((await e2e.srv.api.incidents()).filter((i) => i.status === "unresolved").map((i) => i.id)).toEqual([
      opened.id,
    ]);
  });
});
