/**
 * A property declared null (as a config file or a conditional expression gives "nothing")
 * is absent: `check` fills the service's default or the team's default for it, reports
 * nothing about it, and keeps the engine's own `__provider` reference as given.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";

const base = { name: "m", url: "https://m.example.com", interval: 60 };

describe("a property declared null", () => {
  it("takes the service's default and is not reported", () => {
    const r = checkMonitor({ ...base, requestMethod: null, alertTextLookup: null, sslAlertDays: undefined });
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toMatchObject({ requestMethod: "GET", sslAlertDays: 0 });
    expect(r.inputs).not.toHaveProperty("alertTextLookup");
  });

  it("takes the team's default", () => {
    const r = checkMonitor({ ...base, interval: null, alerts: null }, "UTC", undefined, {
      defaults: { interval: 300, alerts: [{ key: "email", value: "oncall@example.com" }] },
    });
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toMatchObject({ interval: 300, alerts: [{ key: "email", value: "oncall@example.com" }] });
  });
});

describe("the engine's provider reference", () => {
  it("passes through check untouched", () => {
    const ref = "urn:pulumi:dev::p::pulumi:providers:uptime::default::id";
    const r = checkMonitor({ ...base, __provider: ref });
    expect(r.failures).toBeUndefined();
    expect(r.inputs?.__provider).toBe(ref);
  });
});

describe("a whole number given as something else", () => {
  it.each([
    [[60], "60"],
    [true, "true"],
  ])("%j fails naming what was given", (given, shown) => {
    expect(checkMonitor({ ...base, interval: given }).failures).toEqual([
      {
        property: "interval",
        reason: `interval: expected a number, one of 60, 180, 300, 600, 900, 1800, 3600; got ${shown}`,
      },
    ]);
  });
});
