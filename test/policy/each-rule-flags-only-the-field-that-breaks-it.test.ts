import { describe, expect, it } from "vitest";
import { alertsRequired } from "../../policy/src/rules/alerts-required";
import { httpsOnly } from "../../policy/src/rules/https-only";
import { intervalCeiling } from "../../policy/src/rules/interval-ceiling";
import { namePattern } from "../../policy/src/rules/name-pattern";
import { noPlaintextCredentialHeaders } from "../../policy/src/rules/no-plaintext-credential-headers";
import { sslAlertDays } from "../../policy/src/rules/ssl-alert-days";
import { RULES } from "../../policy/src/rules";
import { violationMessage, type Rule } from "../../policy/src/rule";
import { compliantMonitor } from "../support/policy-monitors";

const defaults = (rule: Rule) => Object.fromEntries(Object.entries(rule.parameters).map(([k, s]) => [k, s.default]));

describe("the policy pack's rules", () => {
  it("accept a compliant monitor at their defaults", () => {
    for (const rule of RULES) expect(rule.check(compliantMonitor(), defaults(rule)), rule.name).toEqual([]);
  });

  it("alerts: none set, or none on the required channel", () => {
    expect(alertsRequired.check(compliantMonitor({ alertChannels: [] }), { channel: "" })).toEqual([
      { field: "alerts", problem: expect.stringContaining("no alert channel") },
    ]);
    const [v] = alertsRequired.check(compliantMonitor({ alertChannels: ["email"] }), { channel: "slack" });
    expect(v.field).toBe("alerts");
    expect(v.problem).toContain('"slack"');
    expect(alertsRequired.check(compliantMonitor(), { channel: "slack" })).toEqual([]);
  });

  it("https only: names the scheme, never the rest of the URL", () => {
    const [v] = httpsOnly.check(compliantMonitor({ url: "http://user:pw@shop.example.com/" }), {});
    expect(v).toEqual({ field: "url", problem: "uses http; only https:// URLs are allowed" });
    expect(httpsOnly.check(compliantMonitor({ url: "HTTPS://shop.example.com" }), {})).toEqual([]);
  });

  it("interval ceiling: above the maximum, not at it", () => {
    expect(intervalCeiling.check(compliantMonitor({ interval: 300 }), { maxInterval: 300 })).toEqual([]);
    expect(intervalCeiling.check(compliantMonitor({ interval: 600 }), { maxInterval: 300 })).toEqual([
      { field: "interval", problem: "is 600 s; at most 300 s is allowed" },
    ]);
  });

  it("sslAlertDays: required for https URLs only, at least minDays", () => {
    expect(sslAlertDays.check(compliantMonitor({ sslAlertDays: 0 }), { minDays: 1 })[0].field).toBe("sslAlertDays");
    expect(sslAlertDays.check(compliantMonitor({ sslAlertDays: undefined }), { minDays: 1 })).toHaveLength(1);
    expect(sslAlertDays.check(compliantMonitor({ sslAlertDays: 7 }), { minDays: 14 })[0].problem).toContain("14");
    expect(sslAlertDays.check(compliantMonitor({ url: "http://x.example", sslAlertDays: 0 }), { minDays: 1 })).toEqual(
      [],
    );
  });

  it("name pattern: the name, or the logical name when the name is left to autonaming", () => {
    expect(namePattern.check(compliantMonitor(), { pattern: "^team-" })).toEqual([]);
    expect(namePattern.check(compliantMonitor({ name: "Checkout" }), { pattern: "^team-" })[0]).toEqual({
      field: "name",
      problem: '"Checkout" does not match ^team-',
    });
    expect(namePattern.check(compliantMonitor({ name: undefined }), { pattern: "^team-" })[0].problem).toContain(
      '"checkout"',
    );
  });

  it("credential headers: a plaintext Authorization or Cookie value, in any case", () => {
    const headers = [
      { key: "Accept", secret: false },
      { key: "cookie", secret: false },
      { key: "Authorization", secret: true },
    ];
    expect(
      noPlaintextCredentialHeaders.check(compliantMonitor({ requestHeaders: headers }), {
        headers: ["Authorization", "Cookie"],
      }),
    ).toEqual([{ field: "requestHeaders[1].value", problem: expect.stringContaining('"cookie"') }]);
    expect(
      noPlaintextCredentialHeaders.check(compliantMonitor({ requestHeaders: headers }), { headers: ["Accept"] }),
    ).toHaveLength(1);
  });

  it("messages name the rule, the resource and the field", () => {
    const m = compliantMonitor({ resource: "api", type: "pulumi-nodejs:dynamic/uptime:Monitor" });
    expect(violationMessage("uptime-https-only", m, { field: "url", problem: "uses http" })).toBe(
      'uptime-https-only: monitor "api" (pulumi-nodejs:dynamic/uptime:Monitor), field "url": uses http',
    );
  });
});
