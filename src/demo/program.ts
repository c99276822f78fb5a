/**
 * The root Pulumi program (`Pulumi.yaml`): what `npm run demo` applies to the local
 * server. Two monitors of a small site and a past incident. `npm run demo` serves the
 * site itself on 127.0.0.1 (its home page is healthy, its health endpoint is not) and
 * hands its URL over in UPTIME_DEMO_SITE; stack config `demo:site` points elsewhere.
 * The default is on loopback too, so a checking server never checks anything off the
 * machine because of this program.
 */
import * as pulumi from "@pulumi/pulumi";
import { Incident, Monitor } from "../index";

const config = new pulumi.Config("demo");
const site = config.get("site") ?? process.env.UPTIME_DEMO_SITE ?? "http://127.0.0.1:8089";

const home = new Monitor("home", {
  name: "Home page",
  url: site,
  interval: 300,
  requestMethod: "HEAD",
  cacheBuster: 1,
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

new Incident("db-failover", {
  monitorId: api.monitorId,
  startedAt: "2026-03-02T09:14:00",
  endedAt: "2026-03-02T09:41:00",
  cause: "primary database failover",
});

/** Ids of the monitors this stack manages. */
export const monitorIds = { home: home.monitorId, api: api.monitorId };
