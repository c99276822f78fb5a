/**
 * examples/go, a Go program on the generated Go SDK (sdk/go) and the Pulumi Go SDK from the
 * module proxy, run in place by the Go language host under the real engine through the
 * provider plugin: up, preview with no changes, a one-field update shown by name and made in
 * place, destroy. Its secret webhook URL and the API key never show in output or state.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, ok, summary, type E2EStack } from "./harness";
import { asList, type E2EServer } from "./api";
import { exampleSecrets, runExample, type ExampleRun } from "./examples";
import { expectNoLeaks } from "./plugin-fixtures";

const DIR = join(REPO, "examples", "go");

describe("a Go program on the generated Go SDK", () => {
  let run: ExampleRun;
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    run = await runExample(DIR, "examples/go");
    ({ srv, stack } = run);
  });
  afterAll(() => run?.close());

  it("creates, previews clean, updates one field in place by name, and destroys", async () => {
    const [hook] = exampleSecrets(DIR);
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 4 });
    const api = await srv.api.monitorNamed("Go example: API health");
    const home = await srv.api.monitorNamed("Go example: home page");
    expect(api).toMatchObject({ interval: 60, alert_condition: "url_no_text", alert_text_lookup: "ok" });
    expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
    expect(home).toMatchObject({ interval: 300, ssl_alert_days: 14 });
    const [incident] = await srv.api.incidents();
    expect(incident).toMatchObject({ monitor_id: api.id, cause: "primary database failover" });
    expect(await stack.outputs()).toMatchObject({
      apiMonitorId: api.id,
      homeMonitorId: home.id,
      apiInterval: 60,
      outageStatus: "resolved",
    });

    const writes = srv.server.writeCount();
    ok(await stack.preview(["--expect-no-changes"]));
    expect(srv.server.writeCount()).toBe(writes);

    await stack.setConfig("apiInterval", "300");
    const diff = ok(await stack.preview(["--diff"]));
    expect(diff.output).toMatch(/~ interval\s*: 60 => 300/);
    expect(summary(diff.output)).toMatchObject({ update: 1 });
    const update = ok(await stack.up());
    expect(summary(update.output)).toMatchObject({ update: 1 });
    expect(await srv.api.monitor(api.id)).toMatchObject({ id: api.id, interval: 300 });
    expect((await srv.api.monitors()).length).toBe(2);
    ok(await stack.preview(["--expect-no-changes"]));

    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
    expect(await srv.api.incidents()).toEqual([]);
    expectNoLeaks(stack, [srv.apiKey, hook]);
  });
});
