import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const open = uptime.getIncidentsOutput({
    monitorId: config.requireNumber("monitorId"),
    status: uptime.IncidentStatus.Unresolved,
});

export const openIncidents = open.incidents.apply((list) => list.length);
