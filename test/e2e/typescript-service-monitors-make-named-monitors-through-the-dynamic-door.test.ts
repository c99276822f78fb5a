/**
 * The Node.js library's `ServiceMonitors` (a component over the dynamic `Monitor`) in a
 * TypeScript program the engine type-checks and runs, under the real engine: the shared
 * lifecycle (service-monitors-lifecycle.ts), the same names and values as through the plugin.
 */
import { MONITOR_TYPE } from "./harness";
import { serviceMonitorsLifecycle } from "./service-monitors-lifecycle";
import { typescriptProject } from "./typescript-project";

const program = `import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const checkout = new uptime.ServiceMonitors("checkout", {
    service: "checkout",
    baseUrl: "https://checkout.example.com",
    interval: 300,
    alerts: [{ key: "email", value: config.requireSecret("oncall") }],
    checks: {
        health: { path: "/health", expectText: "ok", interval: 60 },
        home: { path: "/" },
        api: {
            path: "/api/status",
            forbidText: "error",
            requestHeaders: [{ key: "X-Probe-Token", value: config.requireSecret("probeToken") }],
        },
    },
});

export const names = checkout.monitorNames;
export const ids = checkout.monitorIds;
export const selector = checkout.selector;
`;

serviceMonitorsLifecycle({
  title: "ServiceMonitors in a TypeScript program through the dynamic door",
  stack: {
    project: "ts-service-monitors",
    files: typescriptProject("ts-service-monitors", "ServiceMonitors through the dynamic door", program),
  },
  monitorType: MONITOR_TYPE,
  edits: {
    file: "index.ts",
    badPath: (t) => t.replace('path: "/health"', 'path: "health"'),
    rename: (t) => t.replace('home: { path: "/" }', 'root: { path: "/", formerly: "home" }'),
    badChildUrl: (t) => t.replace('path: "/api/status"', 'path: "/api status"'),
    dropApi: (t) => t.replace(/ {8}api: \{\n[\s\S]*?\n {8}\},\n/, ""),
  },
});
