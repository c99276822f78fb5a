/**
 * examples/go, a Go program on the generated Go SDK (sdk/go) and the Pulumi Go SDK from the
 * module proxy, run in place by the Go language host under the real engine through the
 * provider plugin: up, preview with no changes, a one-field update shown by name and made in
 * place, destroy. Its secret webhook URL and the API key never show in output or state.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, ok, summary } from "./harness";
import { asList } from "./api";
import { exampleSecrets, runExample } from "./examples";
import { fileFixture } from "../support/file-fixture";
import { expectNoLeaks } from "./plugin-fixtures";

const DIR = join(REPO, "examples", "go");

describe("a Go program on the generated Go SDK", () => {
  const run = fileFixture(() => runExample(DIR, "examples/go"));

  it("creates, previews clean, updates one field in place by name, and destroys", async () => {
    const [hook] = exampleSecrets(DIR);
    const up = ok(await run.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 4 });
    const api = await run.srv.api.monitorNamed("Go example: API health");
    const home = await run.srv.api.monitorNamed("Go example: home page");
    expect(api).toMatchObject({ interval: 60, alert_condition: "url_no_text", alert_text_lookup: "ok" });
    expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
    expect(home).toMatchObject({ interval: 300, ssl_alert_days: 14 });
    const [incident] = await run.srv.api.incidents();
    expect(incident).toMatchObject({ monitor_id: api.id, cause: "primary database failover" });
    expect(await run.stack.outputs()).toMatchObject({
      apiMonitorId: api.id,
      homeMonitorId: home.id,
      apiInterval: 60,
      outageStatus: "resolved",
    });

    const writes = run.srv.server.writeCount();
    ok(await run.stack.preview(["--expect-no-changes"]));
    expect(run.srv.server.writeCount()).toBe(writes);

    await run.stack.setConfig("apiInterval", "300");
    const diff = ok(await run.stack.preview(["--diff"]));
    expect(diff.output).toMatch(/~ interval\s*: 60 => 300/);
    expect(summary(diff.output)).toMatchObject({ update: 1 });
    const update = ok(await run.stack.up());
    expect(summary(update.output)).toMatchObject({ update: 1 });
    expect(await run.srv.api.monitor(api.id)).toMatchObject({ id: api.id, interval: 300 });
    expect((await run.srv.api.monitors()).length).toBe(2);
    ok(await run.stack.preview(["--expect-no-changes"]));

    ok(await run.stack.destroy());
    expect(await run.srv.api.monitors()).toEqual([]);
    expect(await run.srv.api.incidents()).toEqual([]);
    expectNoLeaks(run.stack, [run.srv.apiKey, hook]);
  });
});
