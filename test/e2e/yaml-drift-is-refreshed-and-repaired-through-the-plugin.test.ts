/**
 * A YAML program's monitors changed behind Pulumi's back: `refresh` finds an edit (naming
 * the fields) and `up` puts the declared values back in place; a monitor deleted outside
 * Pulumi is found gone by `refresh` and created again by `up`.
 */
import { describe, expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, byName, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { expectNoLeaks, yamlLifecycleStack, yamlSecrets } from "./plugin-fixtures";

describe("drift of a YAML program's monitors", () => {
  const secrets = yamlSecrets();
  const e2e = lifecycleStack({ stack: (srv) => yamlLifecycleStack(srv, secrets), up: true });

  it("an edit is found by refresh and reverted by up", async () => {
    const writes = e2e.srv.server.writeCount();
    const clean = ok(await e2e.stack.refresh(["--expect-no-changes"]));
    expect(summary(clean.output)).toMatchObject({ unchanged: 4 });
    expect(e2e.srv.server.writeCount()).toBe(writes);

    const before = await e2e.srv.api.monitorNamed("e2e yaml api");
    await e2e.srv.api.patchMonitor(before.id, { interval: 600, url: "https://api.example.com/changed-by-hand" });
    const refresh = ok(await e2e.stack.refresh());
    expect(refresh.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+updated?\b.*\binterval\b/);
    expect(summary(refresh.output)).toMatchObject({ update: 1 });
    expect(byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "api").outputs).toMatchObject({ interval: 600 });

    const preview = ok(await e2e.stack.preview());
    expect(preview.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+update\s+\[diff: ~interval,url\]/);
    expect(summary(preview.output).replace ?? 0).toBe(0);
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ update: 1 });
    expect(await e2e.srv.api.monitor(before.id)).toMatchObject({
      id: before.id,
      interval: 60,
      url: "https://api.example.com/health",
    });
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });

  it("a delete is found by refresh and recreated by up", async () => {
    const web = await e2e.srv.api.monitorNamed("e2e yaml web");
    await e2e.srv.api.deleteMonitor(web.id);
    const refresh = ok(await e2e.stack.refresh());
    expect(refresh.output).toMatch(/-\s+uptime:index:Monitor\s+web\s+deleted/);
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1 });
    const again = await e2e.srv.api.monitorNamed("e2e yaml web");
    expect(again.id).not.toBe(web.id);
    expect(byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "web").id).toBe(String(again.id));
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.hook, secrets.token]);
  });
});
