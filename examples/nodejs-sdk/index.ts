/**
 * The uptime package's Node.js SDK (generated from the package schema, `npm run sdks`):
 * the same Monitor and Incident as pulumi-uptime's classes, served by the provider plugin
 * instead of dynamic providers, so `pulumi import` works and previews name what changes.
 *
 *   pulumi config set uptime:baseUrl https://uptime.example.com
 *   pulumi config set --secret uptime:apiKey <key>
 *   pulumi config set --secret slackWebhookUrl https://hooks.slack.com/services/...
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const site = (config.get("site") ?? "https://example.com").replace(/\/+$/, "");

// Resources without a provider option use the default provider: the stack's uptime:* config.
const home = new uptime.Monitor("home", {
    name: "Node.js SDK example: home page",
    url: site,
    interval: uptime.Interval.Seconds300,
    sslAlertDays: uptime.ExpiryAlertDays.Days14,
    alerts: [{ key: uptime.AlertChannel.Email, value: "ops@example.com" }],
});

// An explicit provider: its own inputs say which service and account it reaches. Here it
// reads the same stack settings; point baseUrl and apiKey at another account to split teams.
const uptimeConfig = new pulumi.Config("uptime");
const platform = new uptime.Provider("platform-account", {
    baseUrl: uptimeConfig.require("baseUrl"),
    apiKey: uptimeConfig.requireSecret("apiKey"),
});

const api = new uptime.Monitor("api", {
    name: "Node.js SDK example: API health",
    url: `${site}/api/health`,
    // An Interval is one of the allowed values; a number from config is checked at preview.
    interval: (config.getNumber("apiInterval") ?? 60) as uptime.Interval,
    alertCondition: uptime.AlertCondition.UrlNoText,
    alertTextLookup: "ok",
    requestHeaders: [{ key: "Accept", value: "application/json" }],
    alerts: [{ key: uptime.AlertChannel.Slack, value: config.requireSecret("slackWebhookUrl") }],
}, { provider: platform });

// A past outage of the API monitor, through the same provider.
const outage = new uptime.Incident("march-outage", {
    monitorId: api.monitorId,
    startedAt: "2026-03-02T09:14:00",
    endedAt: "2026-03-02T09:41:00",
    cause: "primary database failover",
}, { provider: platform });

// Lookups: one monitor as the service reports it now, and every monitor of the account.
const apiNow = uptime.getMonitorOutput({ monitorId: api.monitorId }, { provider: platform });
const all = uptime.getMonitorsOutput({}, { dependsOn: [home, api] });

export const homeMonitorId = home.monitorId;
export const apiMonitorId = api.monitorId;
export const apiInterval = api.interval;
export const apiName = apiNow.name;
export const monitorNames = all.monitors.apply((ms) => ms.map((m) => m.name).sort());
export const outageStatus = outage.status;
