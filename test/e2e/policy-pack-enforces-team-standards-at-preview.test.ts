/**
 * The policy pack (policy/) under the real engine, on both doors: a YAML program through the
 * provider plugin and a TypeScript program through the dynamic resources. A mandatory
 * violation fails `preview` naming the rule, the resource and the field; an advisory one is
 * reported and the preview passes; a disabled rule says nothing; a compliant program passes.
 */
import { describe, expect, it } from "vitest";
import { failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { policyReport, previewWithPolicy } from "./policy-pack";

/** Every rule mandatory, names with the team's prefix: what a compliant program meets. */
const ALL_MANDATORY = {
  all: "mandatory",
  "uptime-alerts-required": { enforcementLevel: "mandatory", channel: "email" },
  "uptime-interval-ceiling": { enforcementLevel: "mandatory", maxInterval: 300 },
  "uptime-name-pattern": { enforcementLevel: "mandatory", pattern: "^team-" },
};

describe("the policy pack on a YAML program (provider plugin)", () => {
  const e2e = lifecycleStack({ stack: { project: "policy-yaml" } });

  it("fails preview on a mandatory violation, reports an advisory one, and says nothing of a disabled rule", async () => {
    // url http:, interval 600, name without the prefix
    const r = failed(
      await previewWithPolicy(e2e.stack, {
        "uptime-https-only": "mandatory",
        "uptime-interval-ceiling": { enforcementLevel: "advisory", maxInterval: 300 },
        "uptime-name-pattern": { enforcementLevel: "disabled", pattern: "^team-" },
      }),
    );
    const report = policyReport(r.output);
    expect(report).toMatch(/\[mandatory\]\s+uptime-https-only\s+\(uptime:index:Monitor: checkout\)/);
    expect(report).toContain('uptime-https-only: monitor "checkout" (uptime:index:Monitor), field "url": uses http');
    expect(report).toMatch(/\[advisory\]\s+uptime-interval-ceiling/);
    expect(report).toContain('field "interval": is 600 s; at most 300 s is allowed');
    expect(r.output).not.toContain("uptime-name-pattern");
  });

  it("passes with only advisory violations, still reporting them", async () => {
    await e2e.stack.setConfig("url", "https://shop.example.com/health");
    const r = ok(
      await previewWithPolicy(e2e.stack, {
        "uptime-https-only": "mandatory",
        "uptime-interval-ceiling": { enforcementLevel: "advisory", maxInterval: 300 },
      }),
    );
    expect(policyReport(r.output)).toMatch(
      /\[advisory\]\s+uptime-interval-ceiling\s+\(uptime:index:Monitor: checkout\)/,
    );
    expect(r.output).not.toContain("uptime-https-only:");
  });

  it("passes a compliant program with every rule mandatory", async () => {
    await e2e.stack.setConfig("interval", "300");
    await e2e.stack.setConfig("name", "team-checkout");
    const r = ok(await previewWithPolicy(e2e.stack, ALL_MANDATORY));
    expect(r.output).not.toMatch(/uptime-[a-z-]+: monitor/);
    expect(r.output).toMatch(/\+\s+uptime:index:Monitor\s+checkout\s+create/);
  });
});

describe("the policy pack on a TypeScript program (dynamic resources)", () => {
  const e2e = lifecycleStack({ stack: { project: "policy-ts" } });

  it("fails preview on a mandatory violation naming the rule, the resource and the field", async () => {
    // interval 600
    const r = failed(await previewWithPolicy(e2e.stack, ALL_MANDATORY));
    const report = policyReport(r.output);
    expect(report).toMatch(
      /\[mandatory\]\s+uptime-interval-ceiling\s+\(pulumi-nodejs:dynamic\/uptime:Monitor: storefront\)/,
    );
    expect(report).toContain(
      'uptime-interval-ceiling: monitor "storefront" (pulumi-nodejs:dynamic/uptime:Monitor), field "interval"',
    );
    expect(report).toContain('uptime-name-pattern: monitor "storefront"');
  });

  it("passes a compliant program with every rule mandatory", async () => {
    await e2e.stack.setConfig("interval", "300");
    await e2e.stack.setConfig("name", "team-storefront");
    const r = ok(await previewWithPolicy(e2e.stack, ALL_MANDATORY));
    expect(r.output).not.toMatch(/uptime-[a-z-]+: monitor/);
    expect(r.output).toMatch(/\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+storefront\s+create/);
  });
});
