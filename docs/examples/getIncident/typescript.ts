import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const incident = uptime.getIncidentOutput({ incidentId: config.requireNumber("incidentId") });

export const incidentStatus = incident.status;
