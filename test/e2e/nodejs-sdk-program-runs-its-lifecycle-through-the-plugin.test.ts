/**
 * examples/nodejs-sdk, a TypeScript program on the generated Node.js SDK (dist/sdk/nodejs,
 * `npm run sdks`), run in place under the real engine through the provider plugin: up with
 * the default provider and an explicit one, function calls (one by id through the explicit
 * provider, one listing the account), a preview with no changes, a one-field update shown by
 * name, destroy. Its secrets never show in output or state.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, REPO, byName, ok, summary } from "./harness";
import { asList } from "./api";
import { exampleSecrets, runExample } from "./examples";
import { fileFixture } from "../support/file-fixture";
import { expectNoLeaks } from "./plugin-fixtures";

const DIR = join(REPO, "examples", "nodejs-sdk");

describe("a TypeScript program on the generated Node.js SDK", () => {
  const run = fileFixture(() => runExample(DIR, "examples/nodejs-sdk"));

  it("creates through the default and an explicit provider, answers function calls, updates by name and destroys", async () => {
    const [hook] = exampleSecrets(DIR);
    const up = ok(await run.stack.up());
    // The stack, the explicit provider, two monitors and the incident.
    expect(summary(up.output)).toMatchObject({ create: 5 });
    const api = await run.srv.api.monitorNamed("Node.js SDK example: API health");
    const home = await run.srv.api.monitorNamed("Node.js SDK example: home page");
    expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
    expect(asList(api.request_headers)).toEqual([{ key: "Accept", value: "application/json" }]);
    expect(home).toMatchObject({ interval: 300, ssl_alert_days: 14 });

    // The API monitor went through the explicit provider, the home page through the default one.
    const monitors = await run.stack.resources(PLUGIN_MONITOR_TYPE);
    expect(byName(monitors, "api").provider).toMatch(/::pulumi:providers:uptime::platform-account::/);
    expect(byName(monitors, "home").provider).toMatch(/::pulumi:providers:uptime::default/);

    // Function results are secret as a whole (they hold alerts and headers): read them shown.
    expect(await run.stack.outputs(true)).toMatchObject({
      apiMonitorId: api.id,
      homeMonitorId: home.id,
      apiName: "Node.js SDK example: API health",
      monitorNames: ["Node.js SDK example: API health", "Node.js SDK example: home page"],
      outageStatus: "resolved",
    });

    const writes = run.srv.server.writeCount();
    ok(await run.stack.preview(["--expect-no-changes"]));
    expect(run.srv.server.writeCount()).toBe(writes);

    await run.stack.setConfig("apiInterval", "600");
    const diff = ok(await run.stack.preview(["--diff"]));
    expect(diff.output).toMatch(/~ interval\s*: 60 => 600/);
    expect(summary(diff.output)).toMatchObject({ update: 1 });
    ok(await run.stack.up());
    expect(await run.srv.api.monitor(api.id)).toMatchObject({ id: api.id, interval: 600 });
    ok(await run.stack.preview(["--expect-no-changes"]));

    ok(await run.stack.destroy());
    expect(await run.srv.api.monitors()).toEqual([]);
    expect(await run.srv.api.incidents()).toEqual([]);
    expectNoLeaks(run.stack, [run.srv.apiKey, hook]);
  });
});
