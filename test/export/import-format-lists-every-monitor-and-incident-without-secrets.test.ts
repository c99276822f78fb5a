/**
 * `pulumi-uptime export --format import` writes the file `pulumi import --file` reads: every
 * monitor and incident of the account (all pages) with the plugin's type token, the name the
 * other formats give it, and its id; monitors whose alerts, headers or basic auth come from
 * secret config get ids that tell the plugin's read to leave those out. No secret value is in
 * the file or the command's output; the lines that read them from config are, in the stack's
 * language. A bad `--language` is refused before any request.
 */
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectMonitors } from "../../src/export/collect";
import { planExport } from "../../src/export/plan";
import { exportFrom, seededServer, variedMonitors } from "./helpers";
import { alertPerChannel } from "../support/monitor-bodies";

const REPO = resolve(__dirname, "..", "..");
type Seeded = Awaited<ReturnType<typeof seededServer>>;
let env: Seeded;
const MONITORS = variedMonitors();
/** Every secret the seeded monitors hold: passwords, header values and alert values. */
const SECRETS = [
  "s3cret-admin",
  "s3cret-billing",
  "Bearer abc.def",
  ...alertPerChannel().map((a) => a.value),
  ...MONITORS.flatMap((m) => (m.alerts ?? []).map((a) => a.value)),
];

beforeAll(async () => {
  env = await seededServer(MONITORS);
  const monitors = await env.client.monitors.all({ per_page: 100 });
  const byName = new Map<string, number>();
  for await (const m of monitors) byName.set(m.name, m.id);
  // One ongoing incident per monitor at most, after its last: the API's first has ended.
  for (const [name, cause, started, ended] of [
    ["API health", "database failover", "2024-01-01T10:00:00", "2024-01-01T11:00:00"],
    ["API health", "certificate expired", "2024-02-01T10:00:00", undefined],
    ["Café menu", "menu service down", "2024-01-01T10:00:00", undefined],
  ]) {
    await env.client.incidents.create({
      monitor_id: byName.get(name!)!,
      started_at: started!,
      ...(ended ? { ended_at: ended } : {}),
      cause,
    });
  }
});
afterAll(() => env?.close());

interface Spec {
  type: string;
  name: string;
  id: string;
}

describe("export --format import", () => {
  it("lists every monitor and incident by the export's names, with ids that keep secrets out", async () => {
    const run = await exportFrom(env.server, ["--format", "import", "--per-page", "10", "--language", "python"]);
    expect(run.code, run.stderr).toBe(0);
    const { resources } = JSON.parse(run.stdout) as { resources: Spec[] };
    const monitors = resources.filter((r) => r.type === "uptime:index:Monitor");
    const incidents = resources.filter((r) => r.type === "uptime:index:Incident");
    const plan = planExport(await collectMonitors(env.client));
    expect(monitors.map((r) => r.name)).toEqual(plan.monitors.map((m) => m.resourceName));
    expect(monitors).toHaveLength(MONITORS.length);
    expect(incidents.map((r) => r.name)).toEqual([
      "api-health-incident",
      "api-health-incident-2",
      "cafe-menu-incident",
    ]);
    expect(resources).toHaveLength(MONITORS.length + 3);

    // Exactly the monitors with alerts, request headers or basic auth read their secrets from config.
    const fromConfig = MONITORS.map(
      (m) => !!(m.alerts?.length || m.request_headers?.length || m.request_auth_username),
    );
    expect(monitors.map((r) => r.id.endsWith(":secrets-from-config"))).toEqual(fromConfig);
    expect(monitors.map((r) => Number(r.id.split(":")[0]))).toEqual(MONITORS.map((_, i) => i + 1));

    for (const s of SECRETS) {
      expect(run.stdout, "a secret in the import file").not.toContain(s);
      expect(run.stderr, "a secret in the command's output").not.toContain(s);
    }
    // The lines that read them instead, in the stack's language.
    expect(run.stderr).toContain("uptime_secrets = pulumi.Config()");
    expect(run.stderr).toContain('Add to the arguments of uptime.Monitor("admin-basic-auth", ...):');
    expect(run.stderr).toContain(
      'request_auth_password=uptime_secrets.require_secret("adminBasicAuthRequestAuthPassword"),',
    );
    expect(run.stderr).toContain("pulumi config set --secret adminBasicAuthRequestAuthPassword");
  });

  it("prints the lines in YAML and Go too, in the project's language by default, else only the fields", async () => {
    const yaml = await exportFrom(env.server, ["--format", "import", "--language", "yaml"]);
    expect(yaml.stderr).toContain("      value: ${tokenHeaderHeaderAuthorization}");
    const go = await exportFrom(env.server, ["--format", "import", "--language", "go"]);
    expect(go.stderr).toContain(
      'RequestAuthPassword: uptimeSecrets.RequireSecret("adminBasicAuthRequestAuthPassword"),',
    );
    // Outside a Pulumi project, without --language: the fields and keys of each monitor.
    const none = await exportFrom(env.server, ["--format", "import"], { cwd: tmpdir() });
    expect(none.stderr).toMatch(/admin-basic-auth: requestAuthUsername, requestAuthPassword \(secret config: /);
    // In one, its runtime's: this checkout's root is a Node.js project.
    const here = await exportFrom(env.server, ["--format", "import"], { cwd: REPO });
    expect(here.stderr).toContain('Add to the arguments of new uptime.Monitor("admin-basic-auth", ...):');
  });

  it("refuses a language it does not know, naming the allowed values", async () => {
    const language = await exportFrom(env.server, ["--format", "import", "--language", "cobol"]);
    expect(language.code).toBe(2);
    expect(language.stderr).toContain(
      '--language must be one of yaml, python, go, typescript, java, csharp; got "cobol"',
    );
  });
});
