import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { changedMonitorFields } from "../../src/runtime/monitor/diff-monitor";
import { monitor } from "../../src/dynamic/runtime";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { declaredMonitor, probeAlerts, probeHeaders } from "../support/monitor-bodies";

/** Pulumi's diff of a monitor, as the engine asks the dynamic provider for it. */
const diffMonitor = (olds: object, news: object) => monitor.diff("1", olds, news);

// What the state holds after create: checked inputs echoed, plus what the service computed.
const olds = {
  ...checkMonitor(declaredMonitor()).inputs,
  monitorId: 7,
  status: "pending",
  createdAt: "2026-01-01T00:00:00",
};
const news = (patch: Record<string, unknown> = {}) => checkMonitor(declaredMonitor(patch)).inputs!;

describe("Monitor diff", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ["no change", {}, []],
    ["name", { name: "API" }, ["name"]],
    ["url", { url: "https://api.example.com/v2/health" }, ["url"]],
    ["interval", { interval: 300 }, ["interval"]],
    ["alertCondition (its text lookup travels with it)", { alertCondition: "url_text" }, ["alertCondition"]],
    ["alertTextLookup", { alertTextLookup: "healthy" }, ["alertTextLookup"]],
    ["requestMethod", { requestMethod: "HEAD" }, ["requestMethod"]],
    ["a header value", { requestHeaders: [{ key: "X-Probe", value: "other" }, probeHeaders()[1]] }, ["requestHeaders"]],
    ["a removed header", { requestHeaders: [{ key: "X-Probe", value: "uptime" }] }, ["requestHeaders"]],
    ["requestAuthUsername", { requestAuthUsername: "other" }, ["requestAuthUsername"]],
    ["requestAuthPassword (against the one last written)", { requestAuthPassword: "hunter3" }, ["requestAuthPassword"]],
    ["cacheBuster", { cacheBuster: 1 }, ["cacheBuster"]],
    ["sslAlertDays", { sslAlertDays: 14 }, ["sslAlertDays"]],
    ["domainAlertDays", { domainAlertDays: 30 }, ["domainAlertDays"]],
    ["maintenanceStartAt", { maintenanceStartAt: "2026-03-02T08:00:00" }, ["maintenanceStartAt"]],
    [
      "the window cleared with empty strings",
      { maintenanceStartAt: "", maintenanceEndAt: "" },
      ["maintenanceStartAt", "maintenanceEndAt"],
    ],
    ["the window no longer declared (left alone)", { maintenanceStartAt: undefined, maintenanceEndAt: undefined }, []],
    ["an alert value", { alerts: [{ key: "email", value: "sre@example.com" }, probeAlerts()[1]] }, ["alerts"]],
    ["an added alert", { alerts: [...probeAlerts(), { key: "sms", value: "+15550100" }] }, ["alerts"]],
  ])("%s", async (_, patch, fields) => {
    expect(changedMonitorFields(olds, news(patch))).toEqual(fields);
    expect(await diffMonitor(olds, news(patch))).toEqual({
      changes: fields.length > 0,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "defaults written explicitly",
      {
        alertCondition: "url_unavailable",
        alertTextLookup: undefined,
        requestMethod: "GET",
        cacheBuster: 0,
        sslAlertDays: 0,
      },
      { alertCondition: "url_unavailable", alertTextLookup: undefined },
    ],
    [
      "dates with fractions and Z from the service",
      { maintenanceStartAt: "2026-03-02T09:00:00.000000Z", maintenanceEndAt: "2026-03-02 10:00:00" },
      {},
    ],
    [
      "header names in another case",
      {
        requestHeaders: [
          { key: "x-probe", value: "uptime" },
          { key: "ACCEPT", value: "text/plain" },
        ],
      },
      {},
    ],
    ["headers in another order", { requestHeaders: probeHeaders().reverse() }, {}],
    ["alerts in another order", { alerts: probeAlerts().reverse() }, {}],
    [
      "empty string and absent text lookup",
      { alertCondition: "url_unavailable", alertTextLookup: "" },
      { alertCondition: "url_unavailable", alertTextLookup: undefined },
    ],
    ["adopt switched on after creation (not a monitor field)", { adopt: true }, {}],
  ])("no change for %s", async (_, stateSide, declaredSide) => {
    const state = { ...olds, ...stateSide };
    expect(await diffMonitor(state, news({ ...declaredSide }))).toMatchObject({ changes: false });
  });

  it("alert values compare case-sensitively (a webhook path is not a header name)", () => {
    const state = { ...olds, alerts: [probeAlerts()[0], { key: "slack", value: "https://hooks.slack.com/X" }] };
    expect(changedMonitorFields(state, news())).toEqual(["alerts"]);
  });

  it.each([
    ["url", { url: UNKNOWN }],
    ["interval", { interval: UNKNOWN }],
    ["alerts", { alerts: UNKNOWN }],
    ["one alert value", { alerts: [{ key: "slack", value: UNKNOWN }] }],
  ])("an unknown %s is a change, and never a replacement", async (field, patch) => {
    const d = await diffMonitor(olds, { ...news(), ...patch });
    expect(d).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(changedMonitorFields(olds, { ...news(), ...patch })).toEqual([
      field === "one alert value" ? "alerts" : field,
    ]);
  });

  describe("paused", () => {
    it("is left alone when not declared", async () => {
      expect((await diffMonitor({ ...olds, status: "paused" }, news())).changes).toBe(false);
    });
    it("is compared with the monitor's status when declared", async () => {
      expect((await diffMonitor({ ...olds, status: "online" }, news({ paused: true }))).changes).toBe(true);
      expect((await diffMonitor({ ...olds, status: "paused", paused: true }, news({ paused: true }))).changes).toBe(
        false,
      );
      expect((await diffMonitor({ ...olds, status: "paused", paused: true }, news({ paused: false }))).changes).toBe(
        true,
      );
    });
  });

  it("ignores __provider and the resource name", async () => {
    const d = await diffMonitor(
      { ...olds, __provider: "old" },
      { ...news(), __provider: "new", __resourceName: "renamed" },
    );
    expect(d.changes).toBe(false);
  });
});
