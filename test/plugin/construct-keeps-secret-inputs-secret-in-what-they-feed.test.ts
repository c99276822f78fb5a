/**
 * The plugin's Construct reads the component's inputs off the wire with the paths of the
 * secrets among them, so that each monitor argument fed by a secret input stays secret and
 * nothing else becomes one.
 */
import { describe, expect, it } from "vitest";
import { unwrapInputs } from "../../src/runtime/secret-envelope";
import { fromSecret, planServiceMonitors } from "../../src/runtime/service-monitors/plan-children";
import { secret } from "../../src/runtime/secret-envelope";
import { UNKNOWN } from "../../src/runtime/unknowns";

describe("Construct's reading of the inputs", () => {
  it("unwraps secrets wherever they stand and notes their paths; unknowns stay unknown", () => {
    const { bag, secretPaths } = unwrapInputs({
      service: "checkout",
      baseUrl: secret("https://internal.example.com"),
      alerts: [{ key: "email", value: secret("oncall@example.com") }],
      checks: { api: { path: "/api", basicAuth: secret({ username: "u", password: "p" }) }, home: { path: UNKNOWN } },
    });
    expect(bag).toEqual({
      service: "checkout",
      baseUrl: "https://internal.example.com",
      alerts: [{ key: "email", value: "oncall@example.com" }],
      checks: { api: { path: "/api", basicAuth: { username: "u", password: "p" } }, home: { path: UNKNOWN } },
    });
    expect([...secretPaths].sort()).toEqual(["alerts.value", "baseUrl", "checks.api.basicAuth"]);

    const plan = planServiceMonitors(bag, { component: "checkout", stack: "prod", defaultInterval: true });
    const api = plan.monitors.find((m) => m.key === "api")!;
    const secretArgs = Object.keys(api.args).filter((f) => fromSecret(api.sources[f] ?? [], secretPaths));
    expect(secretArgs.sort()).toEqual(["alerts", "requestAuthPassword", "requestAuthUsername", "url"]);
  });
});
