/**
 * The lifecycle every SDK example program (examples/java, examples/python) goes through
 * under the real engine, through the provider plugin, against two services (the second
 * through an explicit provider): up, a preview with no changes, a one-field change and an
 * alerts change each named in `preview --diff` (the secret list staying `[secret]`), an edit
 * made outside Pulumi found by `refresh` and put back by the `up` that applies those changes,
 * and destroy leaving both services empty. The API keys, the webhook URLs and the basic-auth
 * password never show in output or state. Each program declares the same resources, its
 * monitors named "<Language> example: API health" and "<Language> example: status page".
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, REPO, byName, ok, summary, type E2EStack } from "./harness";
import { asList, type E2EServer } from "./api";
import { exampleValue, runExample, type ExampleRun } from "./examples";
import { expectNoLeaks } from "./plugin-fixtures";

/** Declares the lifecycle test of the example program in examples/<dir>, written in `language`. */
export function describeSdkExampleLifecycle(language: string, dir: string): void {
  const DIR = join(REPO, "examples", dir);
  const prefix = `${language} example`;
  describe(`a ${language} program on the generated ${language} SDK`, () => {
    let run: ExampleRun;
    let srv: E2EServer;
    let second: E2EServer;
    let stack: E2EStack;
    const hook = exampleValue(DIR, "slackWebhookUrl");
    const password = exampleValue(DIR, "statusPassword");
    const otherHook = `https://hooks.slack.com/services/T000/B000/${dir}-example-changed-token`;

    beforeAll(async () => {
      run = await runExample(DIR, `examples/${dir}`);
      ({ srv, stack } = run);
      second = run.second!;
    });
    afterAll(() => run?.close());

    it("creates on two services, previews clean, names a field and an alerts change, repairs drift, destroys", async () => {
      const up = ok(await stack.up());
      expect(summary(up.output)).toMatchObject({ create: 5 });
      const api = await srv.api.monitorNamed(`${prefix}: API health`);
      expect(api).toMatchObject({
        interval: 60,
        alert_condition: "url_no_text",
        alert_text_lookup: "ok",
        ssl_alert_days: 14,
      });
      expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
      expect(asList(api.request_headers)).toEqual([{ key: "Accept", value: "application/json" }]);
      const [incident] = await srv.api.incidents();
      expect(incident).toMatchObject({ monitor_id: api.id, cause: "primary database failover" });
      // The explicit provider put the status page on the second service, and only there.
      expect((await srv.api.monitors()).map((m) => m.name)).toEqual([`${prefix}: API health`]);
      const status = await second.api.monitorNamed(`${prefix}: status page`);
      expect(status).toMatchObject({ interval: 300, request_auth_username: "monitor" });
      expect(await second.api.incidents()).toEqual([]);
      const outputs = await stack.outputs(true);
      expect(outputs).toMatchObject({
        apiMonitorId: api.id,
        statusMonitorId: status.id,
        apiInterval: 60,
        outageStatus: "resolved",
        apiMonitorsFound: 1,
      });

      const writes = [srv.server.writeCount(), second.server.writeCount()];
      ok(await stack.preview(["--expect-no-changes"]));
      expect([srv.server.writeCount(), second.server.writeCount()]).toEqual(writes);

      // One scalar and one secret list: both named, the list's value still hidden.
      await stack.setConfig("apiInterval", "300");
      await stack.setConfig("slackWebhookUrl", otherHook, true);
      const diff = ok(await stack.preview(["--diff"]));
      expect(diff.output).toMatch(/~ uptime:index:Monitor: \(update\)\s+\[id=\d+\]\s+\[urn=[^\]]*::api\]/);
      expect(diff.output).toMatch(/~ interval\s*: 60 => 300/);
      expect(diff.output).toMatch(/~ alerts\s*: \[secret\] => \[secret\]/);
      expect(summary(diff.output)).toMatchObject({ update: 1 });

      // An edit on the second service behind Pulumi's back: found by refresh. The next up
      // makes both changes: the API monitor's declared ones, and the status page put back.
      await second.api.patchMonitor(status.id, { interval: 600 });
      const refresh = ok(await stack.refresh());
      expect(refresh.output).toMatch(/~\s+uptime:index:Monitor\s+status-page\s+updated?\b.*\binterval\b/);
      expect(summary(refresh.output)).toMatchObject({ update: 1 });
      expect(byName(await stack.resources(PLUGIN_MONITOR_TYPE), "status-page").outputs).toMatchObject({
        interval: 600,
      });
      const apply = ok(await stack.up());
      expect(apply.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+updated?\b.*\[diff: ~alerts,interval\]/);
      expect(apply.output).toMatch(/~\s+uptime:index:Monitor\s+status-page\s+updated?\b.*\[diff: ~interval\]/);
      expect(summary(apply.output)).toMatchObject({ update: 2 });
      const updated = await srv.api.monitor(api.id);
      expect(updated).toMatchObject({ id: api.id, interval: 300 });
      expect(asList(updated!.alerts)).toEqual([{ key: "slack", value: otherHook }]);
      expect(await second.api.monitor(status.id)).toMatchObject({ id: status.id, interval: 300 });

      ok(await stack.destroy());
      expect(await srv.api.monitors()).toEqual([]);
      expect(await srv.api.incidents()).toEqual([]);
      expect(await second.api.monitors()).toEqual([]);
      expectNoLeaks(stack, [srv.apiKey, second.apiKey, hook, otherHook, password]);
    });
  });
}
