/**
 * A YAML program's `uptime:index:ServiceMonitors`, built by the plugin's Construct under
 * the real engine: the shared lifecycle (service-monitors-lifecycle.ts). After the first
 * `up`, the tools that read a stack see the component's monitors as the monitors they are:
 * the audit counts them managed by the stack, the policy pack judges each one and names
 * the component in its message, `verify --stack` waits for each one's check and names those
 * offline (the service here refuses targets off loopback), and `test --deployed --stack`
 * checks each one, by its name, against a target on loopback; `export` of the account writes
 * them as plain monitors under their full names, to adopt (what `up` of an export does is
 * proved by export-then-up-changes-nothing).
 */
import { expect } from "vitest";
import { PLUGIN_MONITOR_TYPE, failed, pulumiEnv } from "./harness";
import { runAuditCli } from "./audit-cli";
import { runVerify } from "../../src/cli/verify";
import { byName, runTestCommand } from "../cli/helpers";
import { startTarget } from "../support/targets";
import { runExport } from "../../src/cli/export";
import { parse } from "yaml";
import { policyReport, previewWithPolicy } from "./policy-pack";
import { serviceMonitorsLifecycle } from "./service-monitors-lifecycle";

serviceMonitorsLifecycle({
  title: "ServiceMonitors in a YAML program",
  stack: { project: "yaml-service-monitors" },
  monitorType: PLUGIN_MONITOR_TYPE,
  // Checks run when the test asks (verify below), never on a schedule.
  server: { checks: true },
  edits: {
    file: "Pulumi.yaml",
    badPath: (t) => t.replace("path: /health", "path: health"),
    badChildUrl: (t) => t.replace("path: /api/status", "path: /api status"),
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

    // verify --stack: each child is checked after the update and found offline, by its name.
    await e2e.srv.server.runChecks();
    const env = pulumiEnv(e2e.stack.home, e2e.stack.backendDir);
    let out = "";
    let err = "";
    const verified = await runVerify(["--stack", e2e.stack.stack, "--all", "--within", "30s"], {
      stdout: { write: (c: string) => (out += c) },
      stderr: { write: (c: string) => (err += c) },
      env: { ...process.env, ...env },
      cwd: e2e.stack.dir,
    });
    expect(err).toBe("");
    expect(verified).toBe(1);
    for (const name of names) expect(out).toMatch(new RegExp(`${name}[^\n]*offline`));

    // test --deployed --stack: the children in the state, their URLs sent to a target on loopback.
    const target = await startTarget();
    try {
      target.healthy("ok");
      const r = await runTestCommand(
        [
          "--deployed",
          "--stack",
          e2e.stack.stack,
          "--json",
          "--base-url",
          `https://checkout.example.com=${target.url}`,
        ],
        e2e.stack.dir,
        env,
      );
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const results = byName(r.stdout);
      expect(Object.keys(results).sort()).toEqual(names);
      expect(results[names[1]]).toMatchObject({ outcome: "pass", url: `${target.url}/health` });
      expect(target.requests.map((q) => q.url).sort()).toEqual(["/", "/api/status", "/health"]);
    } finally {
      await target.close();
    }

    // export: plain monitors, keyed by the slug of the full name, adopted by name.
    let exportedText = "";
    const exportedCode = await runExport(["--format", "yaml"], {
      stdout: { write: (c: string) => (exportedText += c) },
      stderr: { write: () => true, isTTY: false },
      env: { UPTIME_BASE_URL: e2e.srv.url, UPTIME_API_KEY: e2e.srv.apiKey },
    });
    expect(exportedCode).toBe(0);
    const exported = (parse(exportedText) as { monitors: Record<string, { name: string; adopt: boolean }> }).monitors;
    expect(Object.keys(exported).sort()).toEqual(names.map((n) => n.replaceAll("/", "-")));
    for (const n of names) expect(exported[n.replaceAll("/", "-")]).toMatchObject({ name: n, adopt: true });
  },
});
