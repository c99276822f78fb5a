/**
 * A YAML program's `uptime:index:ServiceMonitors`, built by the plugin's Construct under
 * the real engine: the shared lifecycle (service-monitors-lifecycle.ts).
 */
import { PLUGIN_MONITOR_TYPE } from "./harness";
import { serviceMonitorsLifecycle } from "./service-monitors-lifecycle";

serviceMonitorsLifecycle({
  title: "ServiceMonitors in a YAML program",
  stack: { project: "yaml-service-monitors" },
  monitorType: PLUGIN_MONITOR_TYPE,
  edits: {
    file: "Pulumi.yaml",
    badPath: (t) => t.replace("path: /health", "path: health"),
    rename: (t) =>
      t.replace("        home:\n          path: /\n", "        root:\n          path: /\n          formerly: home\n"),
    dropApi: (t) => t.replace(/ {8}api:\n(?: {10}.*\n)+/, ""),
  },
});
