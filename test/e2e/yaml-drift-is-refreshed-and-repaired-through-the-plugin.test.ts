/**
 * A YAML program's monitors changed behind Pulumi's back: `refresh` finds an edit (naming
 * the fields) and `up` puts the declared values back in place; a monitor deleted outside
 * Pulumi is found gone by `refresh` and created again by `up`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, PLUGIN_MONITOR_TYPE, byName, ok, summary } from "./harness";
import { expectNoLeaks, yamlLifecycleStack, yamlSecrets } from "./plugin-fixtures";
import { startE2EServer, type E2EServer } from "./api";

describe("drift of a YAML program's monitors", () => {
  let srv: E2EServer;
  let stack: E2EStack;
  const secrets = yamlSecrets();

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await yamlLifecycleStack(srv, secrets);
    ok(await stack.up());
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("an edit is found by refresh and reverted by up", async () => {
    const writes = srv.server.writeCount();
    const clean = ok(await stack.refresh(["--expect-no-changes"]));
    expect(summary(clean.output)).toMatchObject({ unchanged: 4 });
    expect(srv.server.writeCount()).toBe(writes);

    const before = await srv.api.monitorNamed("e2e yaml api");
    await srv.api.patchMonitor(before.id, { interval: 600, url: "https://api.example.com/changed-by-hand" });
    const refresh = ok(await stack.refresh());
    expect(refresh.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+updated?\b.*\binterval\b/);
    expect(summary(refresh.output)).toMatchObject({ update: 1 });
    expect(byName(await stack.resources(PLUGIN_MONITOR_TYPE), "api").outputs).toMatchObject({ interval: 600 });

    const preview = ok(await stack.preview());
    expect(preview.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+update\s+\[diff: ~interval,url\]/);
    expect(summary(preview.output).replace ?? 0).toBe(0);
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ update: 1 });
    expect(await srv.api.monitor(before.id)).toMatchObject({
      id: before.id,
      interval: 60,
      url: "https://api.example.com/health",
    });
    ok(await stack.preview(["--expect-no-changes"]));
  });

  it("a delete is found by refresh and recreated by up", async () => {
    const web = await srv.api.monitorNamed("e2e yaml web");
    await srv.api.deleteMonitor(web.id);
    const refresh = ok(await stack.refresh());
    expect(refresh.output).toMatch(/-\s+uptime:index:Monitor\s+web\s+deleted/);
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1 });
    const again = await srv.api.monitorNamed("e2e yaml web");
    expect(again.id).not.toBe(web.id);
    expect(byName(await stack.resources(PLUGIN_MONITOR_TYPE), "web").id).toBe(String(again.id));
    ok(await stack.preview(["--expect-no-changes"]));

    expectNoLeaks(stack, [srv.apiKey, secrets.hook, secrets.token]);
  });
});
