/**
 * Inputs that cannot make monitors fail the plan, before anything is registered or sent:
 * the error names the component and each field at fault, and never repeats a secret.
 */
import { describe, expect, it } from "vitest";
import { planServiceMonitors } from "../../../src/runtime/service-monitors/plan-children";
import { ServiceMonitorsInputError } from "../../../src/runtime/service-monitors/input-error";
import { UNKNOWN } from "../../../src/runtime/unknowns";
import { thrownBy } from "../../support/thrown-error";

const ctx = { component: "checkout", stack: "prod", defaultInterval: true };
const base = { service: "checkout", baseUrl: "https://checkout.example.com" };

/** The error planning `inputs` fails with. */
const problem = (inputs: Record<string, unknown>) =>
  thrownBy(() => planServiceMonitors(inputs, ctx), ServiceMonitorsInputError);

describe("bad ServiceMonitors inputs", () => {
  it("no checks", () => {
    const err = problem({ ...base, checks: {} });
    expect(err.message).toBe('ServiceMonitors "checkout": checks: must declare at least one check');
  });

  it("a path without a leading slash, and an unknown key in a check, both at once", () => {
    const err = problem({ ...base, checks: { health: { path: "health", metod: "GET" } } });
    expect(err.fields["checks.health.path"]).toEqual(['must start with "/" (e.g. /health)']);
    expect(err.fields["checks.health.metod"]?.[0]).toMatch(/^is not a field of a check; allowed: path, method, /);
    expect(err.message).toMatch(/^ServiceMonitors "checkout": /);
  });

  it("two checks whose names the service treats as one", () => {
    const err = problem({ ...base, checks: { Health: { path: "/a" }, health: { path: "/b" } } });
    expect(err.fields["checks.health"]?.[0]).toMatch(
      /makes the monitor name "prod\/checkout\/health", which check "Health" makes too/,
    );
  });

  it("a name longer than the service allows once the prefix is added", () => {
    const err = problem({ ...base, checks: { ["k".repeat(120)]: { path: "/" } } });
    expect(Object.keys(err.fields)).toEqual([`checks.${"k".repeat(120)}`]);
    expect(err.message).toMatch(/names are at most 128/);
  });

  it("a rename to a key still declared, and expectText with forbidText", () => {
    const err = problem({
      ...base,
      checks: { a: { path: "/", formerly: "b" }, b: { path: "/b", expectText: "ok", forbidText: "error" } },
    });
    expect(Object.keys(err.fields).sort()).toEqual(["checks.a.formerly", "checks.b.forbidText"]);
  });

  it("never repeats an alert's value when its channel is wrong", () => {
    const err = problem({
      ...base,
      alerts: [{ key: "hook", value: "https://hooks.example.com/SECRET" }],
      checks: { a: { path: "/" } },
    });
    expect(err.fields["alerts[0].key"]?.[0]).toMatch(/^is not one of email, webhook/);
    expect(err.message).not.toContain("SECRET");
  });

  it("a check with no interval from itself, the group or the provider's defaults", () => {
    const inputs = { ...base, checks: { a: { path: "/" }, b: { path: "/b", interval: 60 } } };
    let err: unknown;
    try {
      planServiceMonitors(inputs, { ...ctx, defaultInterval: false });
    } catch (e) {
      err = e;
    }
    expect((err as ServiceMonitorsInputError).fields).toEqual({
      "checks.a.interval": [
        "is required: set it on the check, on the component (interval) or in the provider's defaults (uptime:defaults.interval)",
      ],
    });
    expect(() => planServiceMonitors({ ...inputs, interval: 300 }, { ...ctx, defaultInterval: false })).not.toThrow();
  });

  it("leaves an unknown value's rules for when it is known, but needs the checks' keys", () => {
    expect(() =>
      planServiceMonitors({ ...base, baseUrl: UNKNOWN, checks: { a: { path: UNKNOWN } } }, ctx),
    ).not.toThrow();
    expect(problem({ ...base, checks: UNKNOWN }).fields.checks?.[0]).toMatch(/must be known at preview/);
  });
});
