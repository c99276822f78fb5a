/**
 * examples/go, a Go program on the generated Go SDK (sdk/go) and the Pulumi Go SDK from the
 * module proxy, run in place by the Go language host under the real engine through the
 * provider plugin: up, preview with no changes, a one-field update shown by name and made in
 * place, destroy. Its secret webhook URL and the API key never show in output or state.
 */
import { expect } from "vitest";
import { describeOneServiceExample } from "./one-service-example-lifecycle";

describeOneServiceExample({
  dir: "go",
  title: "a Go program on the generated Go SDK",
  does: "creates, previews clean, updates one field in place by name, and destroys",
  prefix: "Go example",
  creates: 4,
  newInterval: 300,
  async created(run, { api, home }) {
    expect(api).toMatchObject({ interval: 60, alert_condition: "url_no_text", alert_text_lookup: "ok" });
    expect(await run.stack.outputs()).toMatchObject({
      apiMonitorId: api.id,
      homeMonitorId: home.id,
      apiInterval: 60,
      outageStatus: "resolved",
    });
  },
});
