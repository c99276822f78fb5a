import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const report = uptime.getMonitorReportOutput({
    monitorId: config.requireNumber("monitorId"),
    window: "30d",
    slo: 99.9,
});

export const availability = report.availability;
export const budgetLeft = report.apply((r) => r.budget?.remainingPercent);
