import * as uptime from "@pulumi-uptime/uptime";

const checkout = new uptime.ServiceMonitors("checkout", {
    service: "checkout",
    baseUrl: "https://checkout.example.com",
    interval: uptime.Interval.Seconds300,
    alerts: [{ key: uptime.AlertChannel.Email, value: "oncall@example.com" }],
    checks: {
        health: { path: "/health", expectText: "ok", interval: uptime.Interval.Seconds60 },
        home: { path: "/" },
    },
});

export const monitorNames = checkout.monitorNames;
export const selector = checkout.selector;
