/**
 * The root Pulumi program (`Pulumi.yaml`): what `npm run demo` applies to the local
 * server. A handful of monitors of different kinds and a past incident.
 */
import * as pulumi from "@pulumi/pulumi";
import { Incident, Monitor } from "../index";

const config = new pulumi.Config("demo");
const site = config.get("site") ?? "https://example.com";

const home = new Monitor("home", {
  name: "Home page",
  url: site,
  interval: 300,
  alerts: [{ key: "email", value: "ops@example.com" }],
});

const api = new Monitor("api", {
  name: "API health",
  url: `${site}/api/health`,
  interval: 60,
  alertCondition: "url_no_text",
  alertTextLookup: "ok",
  requestHeaders: [{ key: "Accept", value: "application/json" }],
  sslAlertDays: 14,
  domainAlertDays: 30,
  alerts: [
    { key: "email", value: "ops@example.com" },
    { key: "webhook", value: "https://hooks.example.com/uptime" },
  ],
});

const status = new Monitor("status-page", {
  name: "Status page",
  url: `${site}/status`,
  interval: 600,
  requestMethod: "HEAD",
  cacheBuster: 1,
});

new Incident("db-failover", {
  monitorId: api.monitorId,
  startedAt: "2026-03-02T09:14:00",
  endedAt: "2026-03-02T09:41:00",
  cause: "primary database failover",
});

/** Ids of the monitors this stack manages. */
export const monitorIds = { home: home.monitorId, api: api.monitorId, statusPage: status.monitorId };
