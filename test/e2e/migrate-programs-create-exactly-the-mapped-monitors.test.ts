/**
 * Under the REAL Pulumi engine: for each language (YAML, Python and Java through the provider
 * plugin, TypeScript through the package's dynamic provider), one stack takes the program
 * `pulumi-uptime migrate` writes from each source in turn (a Terraform state of the
 * UptimeRobot provider, UptimeRobot's CSV export, an Uptime Kuma backup). With the secret
 * config keys the report lists set, `up` leaves exactly that source's mapped monitors on the
 * local server, with the mapped fields and the config values; `preview --expect-no-changes`
 * then passes. No secret (of the input or of the config) is in the program, the command's
 * output, the report, the engine's output or the state.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrate } from "../../src/cli/migrate";
import type { MigrationReport } from "../../src/migrate/migration-report";
import { asList, startE2EServer, type ApiMonitor, type E2EServer } from "./api";
import { E2EStack, leaks, ok, PLUGIN_DIR, REPO, secs } from "./harness";
import { compileExample, exampleEnv } from "./examples";
import { FIXTURE_SECRETS, fixturePath } from "../migrate/helpers";

type Language = "yaml" | "typescript" | "python" | "java";

/** Each source, its fixture, and the monitors its program must create (by name). */
const SOURCES = [
  {
    from: "terraform-state",
    file: "uptimerobot-official.tfstate",
    names: ["UR API", "UR Website", "UR error banner", "UR healthy text"],
  },
  {
    from: "uptimerobot-csv",
    file: "uptimerobot-export.csv",
    names: ["CSV admin", "CSV api ready", "CSV home", "CSV shop, checkout"],
  },
  {
    from: "kuma-backup",
    file: "kuma-backup.json",
    names: ["Kuma keyword", "Kuma no maintenance", "Kuma ntlm", "Kuma site"],
  },
] as const;

/** A value of the right shape for each secret config key the report lists, unique and findable. */
function configValue(k: MigrationReport["configKeys"][number]): string {
  const tag = `${k.key.toLowerCase()}-e2e-secret`;
  if (k.field === "requestAuthPassword") return `pw-${tag}`;
  if (k.field === "requestHeaders") return `hv-${tag}`;
  if (k.channel === "email") return `${tag}@example.com`;
  if (k.channel === "telegram") return `123456:${tag} 4242`;
  if (k.channel === "sms") return "+15550100";
  return `https://hooks.example.com/${tag}`;
}

/** Runs the command in-process into a directory named `migrated` (so every program has the same project name). */
async function migrateTo(from: string, file: string, language: Language) {
  const parent = mkdtempSync(join(tmpdir(), "migrate-e2e-"));
  let output = "";
  const code = await runMigrate(["--from", from, fixturePath(file), "--language", language, "--out", "migrated"], {
    stdout: { write: (s: string) => (output += s) },
    stderr: { write: (s: string) => (output += s) },
    env: process.env,
    cwd: parent,
  });
  const dir = join(parent, "migrated");
  const files = Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => {
        const path = relative(dir, join(f.parentPath, f.name));
        return [path, readFileSync(join(dir, path), "utf8")];
      }),
  );
  rmSync(parent, { recursive: true, force: true });
  return { code, output, files, report: JSON.parse(files["migration-report.json"]) as MigrationReport };
}

/** The program files as a user who installed the plugin runs them: this checkout's plugin, named in Pulumi.yaml. */
function runnable(language: Language, files: Record<string, string>): Record<string, string> {
  const program = Object.fromEntries(Object.entries(files).filter(([f]) => !f.startsWith("migration-report")));
  if (language === "typescript") return program;
  return {
    ...program,
    "Pulumi.yaml": `${program["Pulumi.yaml"]}plugins:\n  providers:\n    - name: uptime\n      path: ${PLUGIN_DIR}\n`,
  };
}

const PYTHON = join(REPO, "examples", "python");
let srv: E2EServer;

beforeAll(async () => {
  srv = await startE2EServer();
});
afterAll(async () => {
  await srv?.close();
});

describe.each<Language>(["yaml", "typescript", "python", "java"])("a migrated %s program", (language) => {
  it("creates exactly each source's mapped monitors, then previews no changes, and holds no secret", async () => {
    const started = Date.now();
    const needles = [...FIXTURE_SECRETS, srv.apiKey];
    const first = await migrateTo(SOURCES[0].from, SOURCES[0].file, language);
    const stack = await E2EStack.create({
      project: `migrate-${language}`,
      files: runnable(language, first.files),
      server: srv,
    });
    try {
      if (language === "python") {
        await compileExample(PYTHON);
        for (const [k, v] of Object.entries(exampleEnv(PYTHON))) stack.setEnv(k, v);
      }
      if (language === "java") {
        // Maven fetches what the pom names before the engine's first command (and its timeout).
        await compileExample(stack.dir);
        for (const [k, v] of Object.entries(exampleEnv(stack.dir))) stack.setEnv(k, v);
      }
      for (const [i, source] of SOURCES.entries()) {
        const run = i === 0 ? first : await migrateTo(source.from, source.file, language);
        expect(run.code).toBe(1); // every fixture has monitors that do not map
        if (i > 0)
          for (const [f, text] of Object.entries(runnable(language, run.files)))
            writeFileSync(join(stack.dir, f), text);
        const values = Object.fromEntries(run.report.configKeys.map((k) => [k.key, configValue(k)]));
        for (const [key, value] of Object.entries(values)) await stack.setConfig(key, value, true);
        needles.push(...Object.values(values));

        ok(await stack.up());
        const live = await srv.api.monitors();
        expect(live.map((m) => m.name).sort()).toEqual([...source.names].sort());
        const mapped = run.report.monitors.filter((m) => m.outcome !== "not mapped");
        expect(mapped.map((m) => m.name).sort()).toEqual([...source.names].sort());
        for (const m of live) checkFields(source.from, m, values);

        const writes = srv.server.writeCount();
        ok(await stack.preview(["--expect-no-changes"]));
        expect(srv.server.writeCount()).toBe(writes);

        const program = Object.values(run.files).join("\n");
        expect(leaks(program + run.output, needles)).toEqual([]);
      }
      const { text: state } = await stack.stackExport();
      expect(leaks(state, needles)).toEqual([]);
      expect(leaks(stack.log.map((r) => r.output).join("\n"), needles)).toEqual([]);
      console.log(`migrate ${language}: 3 sources up and previewed in ${secs(Date.now() - started)}`);
    } finally {
      await stack.destroy();
      stack.dispose();
    }
  });
});

/** The scalar fields a mapped monitor is checked on, and its alerts and headers as [key, value] pairs. */
type ExpectedMonitor = Partial<
  Pick<
    ApiMonitor,
    | "interval"
    | "status"
    | "request_method"
    | "request_auth_username"
    | "ssl_alert_days"
    | "domain_alert_days"
    | "alert_condition"
    | "alert_text_lookup"
  >
> & { alerts?: string[][]; headers?: string[][] };

/** What each source's monitors must hold on the service: the mapping's fields, and the config values by key. */
function checkFields(from: string, m: ApiMonitor, values: Record<string, string>): void {
  const alerts = asList(m.alerts).map((a) => [a.key, a.value]);
  const headers = asList(m.request_headers).map((h) => [h.key, h.value]);
  const expected: Record<string, ExpectedMonitor> = {
    "UR Website": {
      interval: 300,
      request_method: "HEAD",
      ssl_alert_days: 30,
      domain_alert_days: 30,
      alerts: [
        ["slack", values.urWebsiteAlertSlack],
        ["email", values.urWebsiteAlertEmail],
      ],
    },
    "UR API": {
      interval: 60,
      status: "paused",
      request_method: "POST",
      request_auth_username: "probe",
      headers: [["x-api-key", values.urApiHeaderXApiKey]],
      alerts: [["telegram", values.urApiAlertTelegram]],
    },
    "UR error banner": { interval: 60, alert_condition: "url_text", alert_text_lookup: "Internal Server Error" },
    "UR healthy text": { interval: 900, alert_condition: "url_no_text", alert_text_lookup: "healthy" },
    "CSV home": { interval: 300, alert_condition: "url_unavailable" },
    "CSV shop, checkout": { interval: 60, alert_condition: "url_text", alert_text_lookup: "Out of stock" },
    "CSV api ready": { interval: 180, status: "paused", request_method: "HEAD", alert_condition: "url_no_text" },
    "CSV admin": { interval: 1800, request_auth_username: "admin" },
    "Kuma site": {
      interval: 60,
      request_method: "POST",
      request_auth_username: "kuma",
      ssl_alert_days: 14,
      headers: [["X-Token", values.kumaSiteHeaderXToken]],
      alerts: ["Slack", "Webhook", "Telegram", "Email", "Teams", "Discord"].map((c) => [
        c.toLowerCase(),
        values[`kumaSiteAlert${c}`],
      ]),
    },
    "Kuma keyword": {
      interval: 60,
      status: "paused",
      alert_condition: "url_no_text",
      alert_text_lookup: "UP",
      // The same Slack notification as Kuma site: one config key for both.
      alerts: [["slack", values.kumaSiteAlertSlack]],
    },
    "Kuma no maintenance": { interval: 600, alert_condition: "url_text", alert_text_lookup: "maintenance" },
    "Kuma ntlm": { interval: 300, request_auth_username: null },
  };
  const want = expected[m.name];
  expect(want, `${from}: unexpected monitor ${m.name}`).toBeDefined();
  const { alerts: wantAlerts = [], headers: wantHeaders = [], ...fields } = want;
  expect(m, m.name).toMatchObject(fields);
  expect(alerts, m.name).toEqual(wantAlerts);
  expect(headers, m.name).toEqual(wantHeaders);
  if (!("status" in fields)) expect(m.status, m.name).not.toBe("paused");
}
