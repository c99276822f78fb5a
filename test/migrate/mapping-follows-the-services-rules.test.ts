import { describe, expect, it } from "vitest";
import { mapMonitors } from "../../src/migrate/map";
import type { SourceMonitor } from "../../src/migrate/source";
import { sourceMonitor } from "./helpers";

const source = sourceMonitor;
const one = (over: Partial<SourceMonitor> = {}) => mapMonitors({ monitors: [source(over)], others: [] });
const args = (m: ReturnType<typeof one>) => Object.fromEntries(m.plan.monitors[0].args);

describe("nearest allowed value", () => {
  it("rounds to the nearest of the service's lists, ties to the given side", () => {
    // Intervals tie to the shorter one; certificate and domain expiry alerts to the earlier warning.
    const interval = (intervalSeconds: number) => args(one({ intervalSeconds })).interval;
    expect(interval(120)).toBe(60);
    expect(interval(240)).toBe(180);
    expect(interval(250)).toBe(300);
    expect(interval(86400)).toBe(3600);
    const expiry = (days: number) => {
      const a = args(one({ sslExpiryDays: { days }, domainExpiryDays: { days } }));
      expect(a.domainAlertDays).toBe(a.sslAlertDays);
      return a.sslAlertDays;
    };
    expect(expiry(5)).toBe(7);
    expect(expiry(21)).toBe(14);
    expect(expiry(45)).toBe(60);
  });
});

describe("mapping a monitor", () => {
  it("maps an HTTP monitor whose values are allowed as it is", () => {
    const m = one();
    expect(m.monitors[0]).toMatchObject({ outcome: "mapped", resourceName: "site", changes: [] });
    expect(args(m)).toEqual({ name: "Site", url: "https://site.example.com/", interval: 300, adopt: true });
  });

  it("rounds an interval that is not allowed, and says so naming the allowed values", () => {
    const m = one({ intervalSeconds: 120 });
    expect(args(m).interval).toBe(60);
    expect(m.monitors[0]).toMatchObject({
      outcome: "approximated",
      changes: ["interval 120 s → 60 s (allowed: 60, 180, 300, 600, 900, 1800, 3600)"],
    });
  });

  it("maps alert-when-present to url_text and alert-when-absent to url_no_text", () => {
    expect(args(one({ kind: "keyword", keyword: { text: "Error", alertWhen: "present" } }))).toMatchObject({
      alertCondition: "url_text",
      alertTextLookup: "Error",
    });
    expect(args(one({ kind: "keyword", keyword: { text: "OK", alertWhen: "absent" } }))).toMatchObject({
      alertCondition: "url_no_text",
      alertTextLookup: "OK",
    });
  });

  it("rounds expiry lead times to the allowed days, and carries exact ones silently", () => {
    const m = one({ sslExpiryDays: { days: 5 }, domainExpiryDays: { days: 30 } });
    expect(args(m)).toMatchObject({ sslAlertDays: 7, domainAlertDays: 30 });
    expect(m.monitors[0].changes).toEqual(["certificate expiry alert → 7 days (allowed: 0, 1, 2, 3, 7, 14, 30, 60)"]);
  });

  it("carries method, headers, basic auth and paused, each secret as a config placeholder", () => {
    const m = one({
      method: "POST",
      headers: [{ key: "X-Key", value: "header-value" }],
      auth: { scheme: "basic", username: "probe", password: "pw" },
      paused: true,
    });
    const a = args(m);
    expect(a).toMatchObject({ requestMethod: "POST", requestAuthUsername: "probe", paused: true });
    expect(a.requestHeaders).toEqual([
      { key: "X-Key", value: expect.objectContaining({ configKey: "siteHeaderXKey" }) },
    ]);
    expect(a.requestAuthPassword).toMatchObject({ configKey: "siteRequestAuthPassword" });
    expect(m.configKeys).toEqual([
      {
        key: "siteHeaderXKey",
        field: "requestHeaders",
        description: 'value of request header "X-Key" of "Site"',
        inInput: true,
      },
      {
        key: "siteRequestAuthPassword",
        field: "requestAuthPassword",
        description: 'basic-auth password of user "probe" of "Site"',
        inInput: true,
      },
    ]);
    expect(m.monitors[0].outcome).toBe("mapped");
    expect(JSON.stringify(m)).not.toMatch(/header-value|"pw"/);
  });

  it("drops a method or auth scheme the service does not have, saying so", () => {
    const m = one({ method: "QUERY", auth: { scheme: "digest", username: "u", password: "p" } });
    expect(args(m).requestMethod).toBeUndefined();
    expect(args(m).requestAuthUsername).toBeUndefined();
    expect(m.monitors[0].changes).toEqual([
      "method QUERY → GET (allowed: GET, POST, HEAD, PUT, DELETE, PATCH, OPTIONS)",
      "digest authentication not carried: the service sends basic auth only",
    ]);
  });

  it("turns contacts of the service's channels into alerts, one config key per contact, and drops the others", () => {
    const slack = { kind: "slack", name: "Ops", value: "https://hooks.slack.com/x" };
    const m = mapMonitors({
      monitors: [
        source({ name: "A", contacts: [slack, { kind: "smtp", name: "Mail" }, { kind: "pagerduty", name: "PD" }] }),
        source({ name: "B", contacts: [slack] }),
      ],
      others: [],
    });
    const alerts = (i: number) =>
      (Object.fromEntries(m.plan.monitors[i].args).alerts as { key: string; value: { configKey: string } }[]).map(
        (a) => [a.key, a.value.configKey],
      );
    expect(alerts(0)).toEqual([
      ["slack", "aAlertSlack"],
      ["email", "aAlertEmail"],
    ]);
    expect(alerts(1)).toEqual([["slack", "aAlertSlack"]]);
    expect(m.monitors[0].changes).toEqual(['pagerduty contact "PD" not carried: the service has no such channel']);
    expect(m.configKeys.map((k) => [k.key, k.channel, k.inInput])).toEqual([
      ["aAlertSlack", "slack", true],
      ["aAlertEmail", "email", false],
    ]);
  });

  it("does not map kinds that check no HTTP(S) URL, blocked monitors, or URLs that are not http(s)", () => {
    const m = mapMonitors({
      monitors: [
        source({ kind: "ping", http: false, url: "host.example.com" }),
        source({ kind: "port", http: false }),
        source({ kind: "heartbeat", http: false }),
        source({ kind: "dns", http: false }),
        source({ blocker: "upside-down mode alerts when the URL answers; the service has no such condition" }),
        source({ url: "ftp://files.example.com/" }),
        // The service refuses it at `up`: the report must say so, not the program.
        source({ url: "https://site.example.com/a page" }),
      ],
      others: [],
    });
    expect(m.monitors.map((e) => [e.outcome, e.reason?.split(";")[0]])).toEqual([
      ["not mapped", "ping monitors check that a host answers ICMP"],
      ["not mapped", "port monitors open a TCP or UDP connection"],
      ["not mapped", "heartbeat monitors wait for pings from a job"],
      ["not mapped", "DNS monitors query records"],
      ["not mapped", "upside-down mode alerts when the URL answers"],
      ["not mapped", "its URL is not an http:// or https:// URL"],
      ["not mapped", "its URL is not an http:// or https:// URL"],
    ]);
    expect(m.plan.monitors).toHaveLength(0);
  });

  it("lists the reader's lines about settings without an equivalent as changes, as they are", () => {
    expect(one({ dropped: ["`body` is set: the service sends no request body"] }).monitors[0]).toMatchObject({
      outcome: "approximated",
      changes: ["`body` is set: the service sends no request body"],
    });
  });
});
