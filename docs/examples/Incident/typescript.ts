import * as uptime from "@pulumi-uptime/uptime";

const api = new uptime.Monitor("api", {
    name: "API health",
    url: "https://example.com/api/health",
    interval: uptime.Interval.Seconds60,
});

const outage = new uptime.Incident("march-outage", {
    monitorId: api.monitorId,
    startedAt: "2026-03-02T09:14:00",
    endedAt: "2026-03-02T09:41:00",
    cause: "primary database failover",
});

export const incidentStatus = outage.status;
