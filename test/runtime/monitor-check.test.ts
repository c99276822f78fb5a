import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { checkedMonitorDefaults } from "../support/monitor-defaults";

const valid = { name: "API health", url: "https://api.example.com/health", interval: 60 };

function failuresOf(bag: Record<string, unknown>) {
  return checkMonitor(bag).failures ?? [];
}

describe("Monitor check", () => {
  it("accepts a minimal monitor and fills the service's defaults", () => {
    const r = checkMonitor(valid);
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toEqual({ ...valid, ...checkedMonitorDefaults() });
  });

  it("gives the same inputs whether a default is written or omitted", () => {
    const explicit = checkMonitor({
      ...valid,
      alertCondition: "url_unavailable",
      requestMethod: "GET",
      cacheBuster: 0,
      sslAlertDays: 0,
      domainAlertDays: 0,
    });
    expect(explicit.inputs).toEqual(checkMonitor(valid).inputs);
  });

  it("names the property and lists the allowed values", () => {
    expect(failuresOf({ ...valid, interval: 45 })).toEqual([
      { property: "interval", reason: "interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600" },
    ]);
  });

  it.each([
    ["alertCondition", "down", 'alertCondition: "down" is not one of url_unavailable, url_text, url_no_text'],
    ["requestMethod", "FETCH", 'requestMethod: "FETCH" is not one of GET, POST, HEAD, PUT, DELETE, PATCH, OPTIONS'],
    ["sslAlertDays", 5, "sslAlertDays: 5 is not one of 0, 1, 2, 3, 7, 14, 30, 60"],
    ["domainAlertDays", 90, "domainAlertDays: 90 is not one of 0, 1, 2, 3, 7, 14, 30, 60"],
    ["cacheBuster", 2, "cacheBuster: 2 is not one of 0, 1"],
    ["url", "not a url", 'url: "not a url" is not a valid http or https URL'],
    ["name", "", "name: must not be empty"],
    ["name", "x".repeat(129), "name: must be at most 128 characters"],
    [
      "maintenanceStartAt",
      "2026-03-02 09:14",
      'maintenanceStartAt: "2026-03-02 09:14" does not match Y-m-dTH:i:s (for example 2026-03-02T09:14:00)',
    ],
  ])("rejects %s = %j", (property, value, reason) => {
    const failures = failuresOf({
      ...valid,
      [property]: value,
      ...(property === "maintenanceStartAt" ? { maintenanceEndAt: "2026-03-03T00:00:00" } : {}),
    });
    expect(failures).toContainEqual({ property, reason });
  });

  it("reports every bad property at once", () => {
    const failures = failuresOf({ name: "", url: "ftp://x", interval: 7, requestMethod: "GO" });
    expect(failures.map((f) => f.property).sort()).toEqual(["interval", "name", "requestMethod", "url"]);
  });

  it("requires url and interval, and a name when no resource name can give one", () => {
    expect(failuresOf({})).toEqual(
      expect.arrayContaining([
        {
          property: "name",
          reason: "name: is required: this monitor has no resource name to derive one from; declare a name",
        },
        { property: "url", reason: "url: is required" },
        { property: "interval", reason: "interval: is required" },
      ]),
    );
  });

  it("applies the service's cross-field rules", () => {
    expect(failuresOf({ ...valid, alertCondition: "url_text" })).toEqual([
      { property: "alertTextLookup", reason: "alertTextLookup: is required when alert_condition is url_text" },
    ]);
    // Secret properties are reported without `property`, see the test below.
    expect(failuresOf({ ...valid, requestAuthUsername: "bob" })).toEqual([
      { property: "", reason: "requestAuthPassword: is required when request_auth_username is set" },
    ]);
    expect(
      failuresOf({ ...valid, maintenanceStartAt: "2026-03-02T10:00:00", maintenanceEndAt: "2026-03-02T09:00:00" }),
    ).toEqual([
      {
        property: "maintenanceStartAt",
        reason: "maintenanceStartAt: must be before maintenance_end_at (2026-03-02T09:00:00)",
      },
    ]);
    expect(failuresOf({ ...valid, maintenanceEndAt: "2026-03-02T09:00:00" })).toEqual([
      { property: "maintenanceStartAt", reason: "maintenanceStartAt: is required when maintenance_end_at is set" },
    ]);
  });

  it("checks alert values per channel without echoing them", () => {
    const failures = failuresOf({
      ...valid,
      alerts: [
        { key: "email", value: "not-an-address" },
        { key: "slack", value: "hooks.slack.com/secret-path" },
        { key: "sms", value: "call me" },
        { key: "telegram", value: "onlytoken" },
        { key: "pager", value: "x" },
      ],
    });
    expect(failures.map((f) => f.reason)).toEqual([
      "alerts[0].value: must be an email address for email",
      "alerts[1].value: must be an http or https URL for slack",
      "alerts[2].value: must be a phone number of digits, optionally starting with + for sms",
      'alerts[3].value: must be "BOT_TOKEN CHAT_ID" separated by whitespace for telegram',
      "alerts[4].key: is not one of email, webhook, slack, teams, discord, flock, telegram, sms",
    ]);
    expect(JSON.stringify(failures)).not.toContain("secret-path");
  });

  it("reports secret properties without `property`, so the engine cannot print their value", () => {
    const failures = failuresOf({ ...valid, requestAuthUsername: "bob", requestAuthPassword: "p".repeat(1025) });
    expect(failures).toEqual([{ property: "", reason: "requestAuthPassword: must be at most 1024 characters" }]);
  });

  it("names an unknown property and suggests the right one, without `property` so its value is never printed", () => {
    const failures = failuresOf({ ...valid, pause: true });
    expect(failures).toHaveLength(1);
    expect(failures[0].property).toBe("");
    expect(failures[0].reason).toMatch(/^pause: is not a property of this resource \(did you mean paused\?\)/);
  });

  it("suggests the nearest property name, not the first that shares a prefix", () => {
    const hint = (key: string) =>
      /did you mean (\w+)\?/.exec(
        failuresOf({ ...valid, [key]: [{ key: "slack", value: "https://hooks.example.com/x" }] })[0].reason,
      )?.[1];
    expect(hint("alert")).toBe("alerts");
    expect(hint("alert_condition")).toBe("alertCondition");
    expect(hint("requestHeader")).toBe("requestHeaders");
    expect(hint("intervall")).toBe("interval");
    expect(hint("headers")).toBeUndefined();
    expect(
      JSON.stringify(failuresOf({ ...valid, alert: [{ key: "slack", value: "https://hooks.example.com/x" }] })),
    ).not.toContain("hooks.example.com");
  });

  it("accepts numbers and booleans given as strings, as config files give them", () => {
    const r = checkMonitor({ ...valid, interval: "300", sslAlertDays: "7", paused: "true", cacheBuster: true });
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toMatchObject({ interval: 300, sslAlertDays: 7, paused: true, cacheBuster: 1 });
  });

  it("validates the provider-only properties", () => {
    expect(failuresOf({ ...valid, adopt: "yes" })).toEqual([
      { property: "adopt", reason: 'adopt: expected true or false; got "yes"' },
    ]);
    expect(failuresOf({ ...valid, adoptId: -3 })[0].property).toBe("adoptId");
    expect(failuresOf({ ...valid, adopt: true, adoptId: 3 })).toEqual([
      { property: "adoptId", reason: "adoptId: set either adopt (by name) or adoptId (by id), not both" },
    ]);
  });

  describe("unknown values during preview", () => {
    it.each([
      ["url", { url: UNKNOWN }],
      ["interval (a number field)", { interval: UNKNOWN }],
      ["alerts (a list field)", { alerts: UNKNOWN }],
      ["a list entry's value", { alerts: [{ key: "slack", value: UNKNOWN }] }],
      ["a whole list entry", { requestHeaders: [UNKNOWN] }],
      ["the text lookup its condition needs", { alertCondition: "url_text", alertTextLookup: UNKNOWN }],
      ["the condition that needs a text lookup", { alertCondition: UNKNOWN }],
      ["one end of the maintenance window", { maintenanceStartAt: "2026-03-02T10:00:00", maintenanceEndAt: UNKNOWN }],
      ["the password its username needs", { requestAuthUsername: "bob", requestAuthPassword: UNKNOWN }],
    ])("treats unknown %s as unknown, not invalid", (_, extra) => {
      const r = checkMonitor({ ...valid, ...extra });
      expect(r.failures).toBeUndefined();
      for (const [k, v] of Object.entries(extra)) expect(r.inputs?.[k]).toEqual(v);
    });

    it("still reports the known properties that are bad", () => {
      expect(failuresOf({ ...valid, url: UNKNOWN, interval: 45 }).map((f) => f.property)).toEqual(["interval"]);
    });
  });
});
