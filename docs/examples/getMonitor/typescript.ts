import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const existing = uptime.getMonitorOutput({ monitorId: config.requireNumber("monitorId") });

export const existingUrl = existing.url;
export const existingStatus = existing.status;
