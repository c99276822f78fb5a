/**
 * Defaults and the policy pack together, under the real engine (YAML program, provider plugin):
 * the engine hands the analyzer a resource's inputs after the provider's check, so a monitor is
 * judged by its effective values. A monitor without alerts fails the alerts rule until the
 * provider's `defaults` give it some (a secret target, which no output shows); a default interval
 * above the ceiling fails the interval rule for the monitor that inherits it, not for the one
 * that declares its own.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { policyReport, previewWithPolicy } from "./policy-pack";

const RULES = {
  all: "disabled",
  "uptime-alerts-required": { enforcementLevel: "mandatory", channel: "email" },
  "uptime-interval-ceiling": { enforcementLevel: "mandatory", maxInterval: 300 },
};

describe("the policy pack judges monitors by the defaults they inherit", () => {
  // "inherits" declares only its url; "own" declares its interval (60) and alerts.
  const e2e = lifecycleStack({ stack: { project: "yaml-defaults" } });
  const oncall = `oncall-${randomBytes(6).toString("hex")}@example.com`;
  const setDefault = (key: string, value: string, secret = false) =>
    e2e.stack.setConfig(`uptime:defaults.${key}`, value, secret, true);

  it("without defaults, the monitor that declares no alerts fails the alerts rule, and only it", async () => {
    await setDefault("interval", "300");
    const r = failed(await previewWithPolicy(e2e.stack, RULES));
    const report = policyReport(r.output);
    expect(report).toMatch(/\[mandatory\]\s+uptime-alerts-required\s+\(uptime:index:Monitor: inherits\)/);
    expect(report).toContain('uptime-alerts-required: monitor "inherits" (uptime:index:Monitor), field "alerts"');
    expect(report).not.toContain('monitor "own"');
    expect(report).not.toContain("uptime-interval-ceiling");
  });

  it("alerts from the defaults satisfy the rule, and their secret target shows nowhere", async () => {
    await setDefault("alerts[0].key", "email");
    await setDefault("alerts[0].value", oncall, true);
    const r = ok(await previewWithPolicy(e2e.stack, RULES));
    expect(r.output).not.toMatch(/uptime-[a-z-]+: monitor/);
    expect(r.output).toMatch(/\+\s+uptime:index:Monitor\s+inherits\s+create/);
    expect(r.output).not.toContain(oncall);
  });

  it("a default interval above the ceiling fails the monitor that inherits it, naming the field", async () => {
    await setDefault("interval", "600");
    const r = failed(await previewWithPolicy(e2e.stack, RULES));
    const report = policyReport(r.output);
    expect(report).toContain(
      'uptime-interval-ceiling: monitor "inherits" (uptime:index:Monitor), field "interval": is 600 s; at most 300 s is allowed',
    );
    expect(report).not.toContain('monitor "own"');
    expect(report).not.toContain("uptime-alerts-required");
    expect(r.output).not.toContain(oncall);
    // Preview only: nothing reached the service.
    expect(await e2e.srv.api.monitors()).toEqual([]);
  });
});
