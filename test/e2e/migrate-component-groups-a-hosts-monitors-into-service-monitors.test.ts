/**
 * Under the REAL Pulumi engine, through the provider plugin: the YAML program
 * `pulumi-uptime migrate --component` writes from UptimeRobot's CSV export declares the two
 * monitors of home.example.com (same alerts and expiry days: none) as the checks of one
 * `ServiceMonitors`, and the others as plain monitors. `up` leaves exactly those four monitors
 * on the local server, the grouped two named `<stack>/home.example.com/<key>` with the fields
 * they had, and `preview --expect-no-changes` then passes without a write. No secret is in the
 * program, the output or the state.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrate } from "../../src/cli/migrate";
import type { MigrationReport } from "../../src/migrate/migration-report";
import { startE2EServer, type E2EServer } from "./api";
import { E2EStack, leaks, ok, PLUGIN_DIR, summary } from "./harness";
import { FIXTURE_SECRETS, fixturePath } from "../migrate/helpers";

let srv: E2EServer;
beforeAll(async () => {
  srv = await startE2EServer();
});
afterAll(async () => {
  await srv?.close();
});

describe("migrate --component into a YAML program", () => {
  it("creates one ServiceMonitors for a host's monitors and plain monitors for the rest, then previews no changes", async () => {
    const parent = mkdtempSync(join(tmpdir(), "migrate-component-"));
    let output = "";
    const io = {
      stdout: { write: (s: string) => (output += s) },
      stderr: { write: (s: string) => (output += s) },
      env: process.env,
      cwd: parent,
    };
    const args = ["--from", "uptimerobot-csv", fixturePath("uptimerobot-export.csv"), "--component"];
    expect(await runMigrate([...args, "--language", "yaml", "--out", "migrated"], io)).toBe(1);
    const program = readFileSync(join(parent, "migrated", "Pulumi.yaml"), "utf8");
    const report = JSON.parse(
      readFileSync(join(parent, "migrated", "migration-report.json"), "utf8"),
    ) as MigrationReport;
    rmSync(parent, { recursive: true, force: true });
    expect(program).toContain("type: uptime:index:ServiceMonitors");
    const grouped = report.monitors.filter((m) => m.changes.some((c) => c.includes("of ServiceMonitors")));
    expect(grouped.map((m) => m.name)).toEqual(["CSV home", "CSV shop, checkout"]);

    const stack = await E2EStack.create({
      project: "migrate-component",
      files: { "Pulumi.yaml": `${program}plugins:\n  providers:\n    - name: uptime\n      path: ${PLUGIN_DIR}\n` },
      server: srv,
    });
    try {
      const password = "pw-migrate-component-e2e-secret";
      for (const k of report.configKeys) await stack.setConfig(k.key, password, true);
      expect(report.configKeys.map((k) => k.key)).toEqual(["csvAdminRequestAuthPassword"]);

      const up = ok(await stack.up());
      expect(summary(up.output)).toMatchObject({ create: 6 }); // the component, its two checks, two monitors, the stack
      const live = await srv.api.monitors();
      const prefix = `${stack.stack}/home.example.com/`;
      expect(live.map((m) => m.name).sort()).toEqual(
        ["CSV admin", "CSV api ready", `${prefix}csv-home`, `${prefix}csv-shop-checkout`].sort(),
      );
      expect(await srv.api.monitorNamed(`${prefix}csv-home`)).toMatchObject({
        url: "https://home.example.com/",
        interval: 300,
        alert_condition: "url_unavailable",
      });
      expect(await srv.api.monitorNamed(`${prefix}csv-shop-checkout`)).toMatchObject({
        url: "https://home.example.com/checkout",
        interval: 60,
        alert_condition: "url_text",
        alert_text_lookup: "Out of stock",
      });
      expect(await srv.api.monitorNamed("CSV admin")).toMatchObject({ request_auth_username: "admin" });

      const writes = srv.server.writeCount();
      ok(await stack.preview(["--expect-no-changes"]));
      expect(srv.server.writeCount()).toBe(writes);

      const needles = [...FIXTURE_SECRETS, password, srv.apiKey];
      expect(leaks(program + output, needles)).toEqual([]);
      expect(leaks((await stack.stackExport()).text, needles)).toEqual([]);
      expect(leaks(stack.log.map((r) => r.output).join("\n"), needles)).toEqual([]);
    } finally {
      await stack.destroy();
      stack.dispose();
    }
  });
});
