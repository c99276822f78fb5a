/**
 * Drift by an edit: a monitor edited through the API behind Pulumi's back. `pulumi refresh`
 * shows the drift and records it in state; the next `pulumi up` puts the declared value
 * back, in place.
 */
import { describe, expect, it } from "vitest";
import { byName, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

describe("out-of-band edit", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" }, up: true });

  it("a refresh right after up finds no drift and writes nothing", async () => {
    const writes = e2e.srv.server.writeCount();
    const refresh = ok(await e2e.stack.refresh(["--expect-no-changes"]));
    expect(summary(refresh.output)).toMatchObject({ unchanged: 4 });
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
  });

  it("is shown and recorded by refresh, and reverted by up", async () => {
    const before = await e2e.srv.api.monitorNamed("e2e api");
    expect(before.interval).toBe(60);
    await e2e.srv.api.patchMonitor(before.id, { interval: 600, url: "https://api.example.com/changed-by-hand" });

    const refresh = ok(await e2e.stack.refresh());
    // The drifted monitor is reported as changed by the refresh, naming the fields.
    expect(refresh.output).toMatch(/~\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+api\s+updated?\b.*\binterval\b/);
    expect(refresh.output).toMatch(/api\s+updated?\b.*\burl\b/);
    expect(refresh.output).not.toMatch(/(Monitor\s+web|Incident\s+outage)\s+updated?/);
    expect(summary(refresh.output)).toMatchObject({ update: 1 });

    // State now holds the live values.
    const api = byName(await e2e.stack.resources(), "api");
    expect(api.id).toBe(String(before.id));
    expect(api.outputs).toMatchObject({ interval: 600, url: "https://api.example.com/changed-by-hand" });

    // The program still says 60: preview wants an in-place update, and up makes it.
    const preview = ok(await e2e.stack.preview());
    expect(summary(preview.output)).toMatchObject({ update: 1 });
    expect(preview.output).toMatch(
      /~\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+api\s+update\s+\[diff: ~interval,url\]/,
    );
    // (The preview also shows the incident on that monitor as replaced: known bug, see
    // changed-monitor-field-updates-in-place-and-incident-keys-replace.test.ts; up replaces nothing.)
    const writes = e2e.srv.server.writeCount();
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ update: 1 });
    expect(summary(up.output).replace ?? 0).toBe(0);
    expect(e2e.srv.server.writeCount() - writes).toBe(1);
    const after = await e2e.srv.api.monitor(before.id);
    expect(after).toMatchObject({ id: before.id, interval: 60, url: "https://api.example.com/health" });
    expect(byName(await e2e.stack.resources(), "api").outputs).toMatchObject({
      interval: 60,
      url: "https://api.example.com/health",
    });

    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});
