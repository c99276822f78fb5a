/**
 * pulumi-uptime quickstart: a few monitors of different kinds and a past incident.
 *
 *   pulumi config set uptime:baseUrl https://uptime.example.com
 *   pulumi config set --secret uptime:apiKey <key>
 *   pulumi config set --secret probePassword <basic-auth password of the admin check>
 *   pulumi config set --secret webhookUrl https://hooks.example.com/<token>
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const site = (config.get("site") ?? "https://example.com").replace(/\/+$/, "");
const opsEmail = config.get("opsEmail") ?? "ops@example.com";
// Secrets come from secret stack config: never written in the program, kept encrypted in state.
const probePassword = config.requireSecret("probePassword");
const webhookUrl = config.requireSecret("webhookUrl");

// The alert channels most monitors share: email, a webhook, Slack and a text message.
const alerts: uptime.AlertArgs[] = [
    { key: "email", value: opsEmail },
    { key: "webhook", value: webhookUrl },
    { key: "slack", value: "https://hooks.slack.com/services/T0000/B0000/quickstart" },
    { key: "sms", value: "+15550100100" },
];

// A plain availability check (alerts when the page stops answering 2xx), with SSL
// certificate and domain expiry warnings 14 and 30 days ahead.
const home = new uptime.Monitor("home", {
    name: "Quickstart: home page",
    url: site,
    interval: 300,
    sslAlertDays: 14,
    domainAlertDays: 30,
    alerts,
});

// A text lookup: alerts when the health page does NOT contain "ok" (url_no_text).
const health = new uptime.Monitor("api-health", {
    name: "Quickstart: API health",
    url: `${site}/api/health`,
    interval: 60,
    alertCondition: "url_no_text",
    alertTextLookup: "ok",
    requestHeaders: [{ key: "Accept", value: "application/json" }],
    alerts,
});

// Request headers and basic auth, the password from secret config; a cache buster
// defeats caches in front of the page.
const admin = new uptime.Monitor("admin", {
    name: "Quickstart: admin console",
    url: `${site}/admin/status`,
    interval: 180,
    requestMethod: "GET",
    requestHeaders: [
        { key: "X-Probe", value: "pulumi-uptime" },
        { key: "Accept-Language", value: "en" },
    ],
    requestAuthUsername: "probe",
    requestAuthPassword: probePassword,
    cacheBuster: 1,
    alerts: [{ key: "email", value: opsEmail }],
});

// A maintenance window (in the account's time zone): no checks and no alerts inside it.
const batch = new uptime.Monitor("batch", {
    name: "Quickstart: nightly batch",
    url: `${site}/batch/heartbeat`,
    interval: 1800,
    requestMethod: "HEAD",
    maintenanceStartAt: "2030-01-05T01:00:00",
    maintenanceEndAt: "2030-01-05T05:00:00",
    alerts: [
        { key: "email", value: opsEmail },
        { key: "telegram", value: "123456:QUICKSTART-BOT-TOKEN 987654321" },
    ],
});

// An incident recorded after the fact: it started and ended in the past, so it is resolved.
const outage = new uptime.Incident("api-outage", {
    monitorId: health.monitorId,
    startedAt: "2025-06-02T09:14:00",
    endedAt: "2025-06-02T09:41:00",
    cause: "502 Bad Gateway",
    comment: "Load balancer health checks failed during a deploy; rolled back.",
});

export const monitorIds = {
    home: home.monitorId,
    apiHealth: health.monitorId,
    admin: admin.monitorId,
    batch: batch.monitorId,
};
export const statuses = { home: home.status, apiHealth: health.status, admin: admin.status, batch: batch.status };
export const incident = { id: outage.incidentId, status: outage.status };
