/**
 * A YAML program's `uptime:index:ServiceMonitors`, built by the plugin's Construct under
 * the real engine: the shared lifecycle (service-monitors-lifecycle.ts). After the first
 * `up`, the tools that read a stack see the component's monitors as the monitors they are:
 * the audit counts them managed by the stack, and the policy pack judges each one and names
 * the component in its message.
 */
import { expect } from "vitest";
import { PLUGIN_MONITOR_TYPE, failed } from "./harness";
import { runAuditCli } from "./audit-cli";
import { policyReport, previewWithPolicy } from "./policy-pack";
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
  afterUp: async (e2e, names) => {
    const audit = await runAuditCli(e2e.stack, e2e.srv, ["--json"]);
    expect(audit.code, audit.stderr).toBe(0);
    const report = JSON.parse(audit.stdout) as Record<string, { name?: string; stack?: string }[]>;
    expect(report.managed.map((m) => m.name).sort()).toEqual(names);
    expect(report.unmanaged).toEqual([]);

    // Two of the three checks run every 300 s: over a ceiling of 60, each is named with its component.
    const judged = failed(
      await previewWithPolicy(e2e.stack, {
        "uptime-interval-ceiling": { enforcementLevel: "mandatory", maxInterval: 60 },
      }),
    );
    const report2 = policyReport(judged.output);
    for (const child of ["checkout-home", "checkout-api"])
      expect(report2).toContain(
        `monitor "${child}" (uptime:index:Monitor) of ServiceMonitors "checkout", field "interval"`,
      );
    expect(report2).not.toContain('monitor "checkout-health"');
  },
});
