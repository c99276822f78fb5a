/**
 * examples/nodejs-sdk, a TypeScript program on the generated Node.js SDK (dist/sdk/nodejs,
 * `npm run sdks`), run in place under the real engine through the provider plugin: up with
 * the default provider and an explicit one, function calls (one by id through the explicit
 * provider, one listing the account), a preview with no changes, a one-field update shown by
 * name, destroy. Its secrets never show in output or state.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, REPO, byName, ok, summary, type E2EStack } from "./harness";
import { asList, type E2EServer } from "./api";
import { exampleSecrets, runExample, type ExampleRun } from "./examples";
import { expectNoLeaks } from "./plugin-fixtures";

const DIR = join(REPO, "examples", "nodejs-sdk");

describe("a TypeScript program on the generated Node.js SDK", () => {
  let run: ExampleRun;
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    run = await runExample(DIR, "examples/nodejs-sdk");
    ({ srv, stack } = run);
  });
  afterAll(() => run?.close());

  it("creates through the default and an explicit provider, answers function calls, updates by name and destroys", async () => {
    const [hook] = exampleSecrets(DIR);
    const up = ok(await stack.up());
    // The stack, the explicit provider, two monitors and the incident.
    expect(summary(up.output)).toMatchObject({ create: 5 });
    const api = await srv.api.monitorNamed("Node.js SDK example: API health");
    const home = await srv.api.monitorNamed("Node.js SDK example: home page");
    expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
    expect(asList(api.request_headers)).toEqual([{ key: "Accept", value: "application/json" }]);
    expect(home).toMatchObject({ interval: 300, ssl_alert_days: 14 });

    // The API monitor went through the explicit provider, the home page through the default one.
    const monitors = await stack.resources(PLUGIN_MONITOR_TYPE);
    expect(byName(monitors, "api").provider).toMatch(/::pulumi:providers:uptime::platform-account::/);
    expect(byName(monitors, "home").provider).toMatch(/::pulumi:providers:uptime::default/);

    // Function results are secret as a whole (they hold alerts and headers): read them shown.
    expect(await stack.outputs(true)).toMatchObject({
      apiMonitorId: api.id,
      homeMonitorId: home.id,
      apiName: "Node.js SDK example: API health",
      monitorNames: ["Node.js SDK example: API health", "Node.js SDK example: home page"],
      outageStatus: "resolved",
    });

    const writes = srv.server.writeCount();
    ok(await stack.preview(["--expect-no-changes"]));
    expect(srv.server.writeCount()).toBe(writes);

    await stack.setConfig("apiInterval", "600");
    const diff = ok(await stack.preview(["--diff"]));
    expect(diff.output).toMatch(/~ interval\s*: 60 => 600/);
    expect(summary(diff.output)).toMatchObject({ update: 1 });
    ok(await stack.up());
    expect(await srv.api.monitor(api.id)).toMatchObject({ id: api.id, interval: 600 });
    ok(await stack.preview(["--expect-no-changes"]));

    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
    expect(await srv.api.incidents()).toEqual([]);
    expectNoLeaks(stack, [srv.apiKey, hook]);
  });
});
