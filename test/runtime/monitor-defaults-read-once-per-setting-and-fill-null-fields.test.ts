/**
 * The `defaults` setting: nothing (absent, null, empty text) gives no defaults and no
 * problem; the same value read under another setting name is reported under that name;
 * a monitor field declared null takes the default, as an omitted one does.
 */
import { describe, expect, it } from "vitest";
import { readMonitorDefaults, withMonitorDefaults } from "../../src/runtime/monitor/team-defaults";
import { UNKNOWN } from "../../src/runtime/unknowns";

describe("the defaults setting", () => {
  it.each([
    ["absent", undefined],
    ["null", null],
    ["empty text", ""],
    ["unknown at preview", UNKNOWN],
  ])("gives nothing and no problem when %s", (_, raw) => {
    expect(readMonitorDefaults(raw, "uptime:defaults")).toEqual({ values: {}, problems: [] });
  });

  it("names the setting a value was read under, each time", () => {
    const raw = { interval: 7 };
    const allowed = "7 is not one of 60, 180, 300, 600, 900, 1800, 3600";
    expect(readMonitorDefaults(raw, "uptime:defaults").problems).toEqual([`uptime:defaults.interval: ${allowed}`]);
    expect(readMonitorDefaults(raw, "UPTIME_DEFAULTS").problems).toEqual([`UPTIME_DEFAULTS.interval: ${allowed}`]);
    expect(readMonitorDefaults(raw, "uptime:defaults").problems).toEqual([`uptime:defaults.interval: ${allowed}`]);
  });

  it("gives the same reading for the same value read again", () => {
    const raw = '{"interval": 300}';
    expect(readMonitorDefaults(raw)).toStrictEqual({ values: { interval: 300 }, problems: [] });
    expect(readMonitorDefaults(raw)).toStrictEqual({ values: { interval: 300 }, problems: [] });
  });
});

describe("a monitor field declared null", () => {
  it("takes the default, while a declared value or empty list stays", () => {
    const out = withMonitorDefaults(
      { interval: null, alerts: [], requestMethod: "POST" },
      { interval: 300, alerts: [{ key: "email", value: "a@example.com" }], requestMethod: "HEAD" },
    );
    expect(out).toStrictEqual({ interval: 300, alerts: [], requestMethod: "POST" });
  });
});
