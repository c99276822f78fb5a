/**
 * examples/nodejs-sdk, a TypeScript program on the generated Node.js SDK (dist/sdk/nodejs,
 * `npm run sdks`), run in place under the real engine through the provider plugin: up with
 * the default provider and an explicit one, function calls (one by id through the explicit
 * provider, one listing the account), a preview with no changes, a one-field update shown by
 * name, destroy. Its secrets never show in output or state.
 */
import { expect } from "vitest";
import { PLUGIN_MONITOR_TYPE, byName } from "./harness";
import { asList } from "./api";
import { describeOneServiceExample } from "./one-service-example-lifecycle";

describeOneServiceExample({
  dir: "nodejs-sdk",
  title: "a TypeScript program on the generated Node.js SDK",
  does: "creates through the default and an explicit provider, answers function calls, updates by name and destroys",
  prefix: "Node.js SDK example",
  // The stack, the explicit provider, two monitors and the incident.
  creates: 5,
  newInterval: 600,
  async created(run, { api, home }) {
    expect(asList(api.request_headers)).toEqual([{ key: "Accept", value: "application/json" }]);

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
  },
});
