import * as uptime from "@pulumi-uptime/uptime";

const home = new uptime.Monitor("home", {
    name: "Home page",
    url: "https://example.com",
    interval: uptime.Interval.Seconds300,
    alerts: [{ key: uptime.AlertChannel.Email, value: "ops@example.com" }],
});

export const monitorId = home.monitorId;
