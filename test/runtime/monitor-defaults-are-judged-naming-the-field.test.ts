/**
 * Reading the `defaults` setting: JSON text (stack config, UPTIME_DEFAULTS) or an object
 * (an explicit provider), numbers as text; a bad value names `<setting>.<field>` and what
 * is allowed, from the monitor's own rules, and never repeats an alert target or header value.
 */
import { describe, expect, it } from "vitest";
import { readMonitorDefaults, defaultsHoldSecrets } from "../../src/runtime/monitor/team-defaults";
import { resolveSettings, settingsProblems } from "../../src/runtime/config";

describe("reading the monitor defaults", () => {
  it("reads JSON text and objects alike, numbers given as text and cacheBuster as a boolean", () => {
    const text = readMonitorDefaults('{"interval":"300","cacheBuster":true,"alertCondition":"url_unavailable"}');
    expect(text).toEqual({
      values: { interval: 300, cacheBuster: 1, alertCondition: "url_unavailable" },
      problems: [],
    });
    expect(readMonitorDefaults({ interval: 300, namePrefix: "sre-" })).toEqual({
      values: { interval: 300, namePrefix: "sre-" },
      problems: [],
    });
    expect(readMonitorDefaults(undefined)).toEqual({ values: {}, problems: [] });
  });

  it("a bad value names defaults.<field> and the allowed values, and gives no defaults", () => {
    const read = readMonitorDefaults({ interval: 45, requestMethod: "FETCH" }, "uptime:defaults");
    expect(read.values).toEqual({});
    expect(read.problems).toEqual([
      "uptime:defaults.interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600",
      'uptime:defaults.requestMethod: "FETCH" is not one of GET, POST, HEAD, PUT, DELETE, PATCH, OPTIONS',
    ]);
  });

  it("a name the defaults do not hold is refused, listing the ones they do", () => {
    expect(readMonitorDefaults({ url: "https://x.example.com" }).problems).toEqual([
      "defaults.url: is not a field the defaults can give; allowed: interval, alertCondition, requestMethod, requestHeaders, cacheBuster, sslAlertDays, domainAlertDays, alerts, namePrefix",
    ]);
  });

  it("a bad alert or header never repeats the secret value, and text that is not JSON is not repeated", () => {
    const read = readMonitorDefaults({
      alerts: [{ key: "https://hooks.example.com/T0/secret", value: "email" }],
      requestHeaders: [{ key: "Authorization", value: "" }],
    });
    expect(read.problems.join("\n")).not.toContain("hooks.example.com");
    expect(read.problems).toContain(
      "defaults.alerts[0].key: is not one of email, webhook, slack, teams, discord, flock, telegram, sms",
    );
    expect(read.problems).toContain("defaults.requestHeaders[0].value: must not be empty");
    const notJson = readMonitorDefaults('{"alerts": [{"key": "slack", "value": "https://hooks.example.com/T0/sec');
    expect(notJson.problems).toEqual(["defaults: must be a JSON object of monitor fields; got text that is not JSON"]);
  });

  it("defaults holding alert targets or header values, or unreadable ones, count as secret", () => {
    expect(defaultsHoldSecrets({ interval: 300 })).toBe(false);
    expect(defaultsHoldSecrets({ alerts: [{ key: "email", value: "a@example.com" }] })).toBe(true);
    expect(defaultsHoldSecrets({ requestHeaders: [{ key: "X", value: "y" }] })).toBe(true);
    expect(defaultsHoldSecrets("{not json")).toBe(true);
  });

  it("the settings' problems name a bad default as set in stack config or in UPTIME_DEFAULTS", () => {
    const base = { baseUrl: "https://x.example.com", apiKey: "k" };
    expect(settingsProblems(resolveSettings({ ...base, defaults: '{"sslAlertDays": 5}' }))).toEqual([
      "uptime:defaults.sslAlertDays: 5 is not one of 0, 1, 2, 3, 7, 14, 30, 60",
    ]);
    const saved = process.env.UPTIME_DEFAULTS;
    process.env.UPTIME_DEFAULTS = '{"interval": 1}';
    try {
      expect(settingsProblems(resolveSettings(base))).toEqual([
        "UPTIME_DEFAULTS.interval: 1 is not one of 60, 180, 300, 600, 900, 1800, 3600",
      ]);
    } finally {
      if (saved === undefined) delete process.env.UPTIME_DEFAULTS;
      else process.env.UPTIME_DEFAULTS = saved;
    }
  });
});
