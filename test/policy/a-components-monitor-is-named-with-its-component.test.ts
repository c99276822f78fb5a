/**
 * A monitor a `ServiceMonitors` made is judged like any monitor, and the pack's message
 * names the component it belongs to (read from the parent URN the engine sends).
 */
import { describe, expect, it } from "vitest";
import { componentOf, monitorView, MONITOR_TYPES } from "../../policy/src/monitor-view";
import { violationMessage } from "../../policy/src/rule";

const PARENT = "urn:pulumi:prod::shop::uptime:index:ServiceMonitors::checkout";

describe("a component's monitor in the policy pack", () => {
  it("reads the component's name from a ServiceMonitors parent, and nothing from another parent", () => {
    expect(componentOf(PARENT)).toBe("checkout");
    expect(componentOf("urn:pulumi:prod::shop::my:index:Group$uptime:index:ServiceMonitors::checkout")).toBe(
      "checkout",
    );
    expect(componentOf("urn:pulumi:prod::shop::pulumi:pulumi:Stack::shop-prod")).toBeUndefined();
    expect(componentOf("urn:pulumi:prod::shop::my:index:Group::web")).toBeUndefined();
    expect(componentOf(undefined)).toBeUndefined();
  });

  it("names the component in the message of a violation", () => {
    const view = monitorView(
      MONITOR_TYPES.plugin,
      "checkout-health",
      { url: "http://x.example.com/" },
      () => false,
      PARENT,
    );
    expect(violationMessage("uptime-https-only", view, { field: "url", problem: "uses http" })).toBe(
      'uptime-https-only: monitor "checkout-health" (uptime:index:Monitor) of ServiceMonitors "checkout", field "url": uses http',
    );
  });
});
