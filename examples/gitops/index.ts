/**
 * GitOps: the monitors live in monitors.yaml; this program only reads the file and
 * declares one `Monitor` per entry. A bad file fails before anything is sent, naming
 * the file, the entry and the field:
 *
 *   monitors.yaml: entry 2 ("checkout-api"): interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600 (line 32)
 *
 * `${config:<key>}` placeholders in the file are read from secret stack config.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

// bin/index.js runs from bin/: the file sits beside Pulumi.yaml.
const file = path.join(__dirname, "..", "monitors.yaml");

const monitors: Record<string, uptime.Monitor> = {};
for (const entry of uptime.loadMonitorsFile(file)) {
    monitors[entry.resourceName] = new uptime.Monitor(entry.resourceName, uptime.toMonitorArgs(entry));
}

/** The service's id of each monitor, by resource name. */
export const monitorIds: Record<string, pulumi.Output<number>> = Object.fromEntries(
    Object.entries(monitors).map(([name, m]) => [name, m.monitorId]),
);
