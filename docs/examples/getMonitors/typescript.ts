import * as uptime from "@pulumi-uptime/uptime";

const apis = uptime.getMonitorsOutput({ search: "api", searchBy: uptime.MonitorSearchBy.Name });

export const apiMonitorIds = apis.monitors.apply((ms) => ms.map((m) => m.monitorId));
