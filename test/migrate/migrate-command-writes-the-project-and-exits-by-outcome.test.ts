import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMigrate } from "../../src/cli/migrate";
import type { CliIo } from "../../src/util/command-line";
import type { MigrationReport } from "../../src/migrate/migration-report";
import { fixturePath, leaked } from "./helpers";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function run(argv: string[], env: NodeJS.ProcessEnv = { PATH: process.env.PATH }) {
  const cwd = mkdtempSync(join(tmpdir(), "migrate-cli-"));
  dirs.push(cwd);
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (c: string) => (stdout += c) },
    stderr: { write: (c: string) => (stderr += c) },
    env,
    cwd,
  };
  const code = await runMigrate(argv, io);
  return { code, stdout, stderr, out: join(cwd, "out") };
}

/** The arguments that migrate `input` read as `from` into ./out, in `language` when given. */
const into = (from: string, input: string, language?: string) => [
  "--from",
  from,
  input,
  ...(language ? ["--language", language] : []),
  "--out",
  "out",
];

/** The files a migration writes, sorted: the project file, the program's own files, the two reports. */
const migrationFiles = (...own: string[]) =>
  ["Pulumi.yaml", ...own, "migration-report.json", "migration-report.md"].sort();

const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));

describe("pulumi-uptime migrate", () => {
  it("writes a YAML program, the JSON and Markdown reports, and exits 1 when some monitors were not mapped", async () => {
    const r = await run(into("kuma-backup", fixturePath("kuma-backup.json"), "yaml"));
    expect(r.code).toBe(1);
    const written = files(r.out);
    expect(Object.keys(written).sort()).toEqual(migrationFiles());
    const report = JSON.parse(written["migration-report.json"]) as MigrationReport;
    expect(report.counts).toEqual({ monitors: 10, mapped: 0, approximated: 4, notMapped: 6, otherItems: 2 });
    expect(written["Pulumi.yaml"]).toContain("type: uptime:index:Monitor");
    expect(written["Pulumi.yaml"]).toContain("value: ${kumaSiteAlertSlack}");
    expect(r.stderr).toContain("pulumi config set --secret kumaSiteAlertSlack");
    expect(leaked(Object.values(written).join("\n") + r.stdout + r.stderr)).toEqual([]);
  });

  it("writes a TypeScript project with export's writer, reading every secret with config.requireSecret", async () => {
    const r = await run(into("terraform-state", fixturePath("uptimerobot-official.tfstate")));
    expect(r.code).toBe(1);
    const written = files(r.out);
    expect(Object.keys(written).sort()).toEqual(migrationFiles("index.ts", "package.json", "tsconfig.json"));
    expect(written["index.ts"]).toContain('requestAuthPassword: config.requireSecret("urApiRequestAuthPassword"),');
    expect(written["index.ts"]).toContain("paused: true,");
    expect(leaked(Object.values(written).join("\n") + r.stderr)).toEqual([]);
  });

  it("writes a Python program with snake-case arguments and config.require_secret", async () => {
    const r = await run(into("uptimerobot-csv", fixturePath("uptimerobot-export.csv"), "python"));
    const written = files(r.out);
    expect(Object.keys(written).sort()).toEqual(migrationFiles("__main__.py", "requirements.txt"));
    const py = written["__main__.py"];
    expect(py).toContain('    alert_condition=uptime.AlertCondition("url_no_text"),\n    alert_text_lookup="ready",');
    expect(py).toContain('    request_auth_password=config.require_secret("csvAdminRequestAuthPassword"),');
    expect(py).toContain("    paused=True,");
    expect(r.code).toBe(1);
  });

  it("exits 0 when every monitor mapped as it was", async () => {
    const { writeFileSync } = await import("node:fs");
    const dir = mkdtempSync(join(tmpdir(), "migrate-in-"));
    dirs.push(dir);
    const input = join(dir, "clean.csv");
    writeFileSync(input, "Friendly Name,URL,Type,Interval\nHome,https://home.example.com/,HTTP(s),300\n");
    const r = await run(into("uptimerobot-csv", input, "yaml"));
    expect(r.code).toBe(0);
    expect(JSON.parse(files(r.out)["migration-report.json"]).counts.mapped).toBe(1);
  });

  it("exits 2 naming the file and place for a malformed input, and writes nothing", async () => {
    const r = await run(into("uptimerobot-csv", fixturePath("uptimerobot-missing-column.csv")));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /uptimerobot-missing-column\.csv: line 1: expected the columns Friendly Name, URL, Type; missing URL/,
    );
    expect(() => readdirSync(r.out)).toThrow();
  });

  it("writes C# and Java projects itself, with no pulumi CLI on PATH, reading every secret from config", async () => {
    const java = await run(into("kuma-backup", fixturePath("kuma-backup.json"), "java"), { PATH: "/nonexistent" });
    expect(java.code).toBe(1);
    expect(readdirSync(java.out).sort()).toEqual(migrationFiles("pom.xml", "src"));
    const app = readFileSync(join(java.out, "src/main/java/monitors/App.java"), "utf8");
    expect(app).toContain('.value(config.requireSecret("kumaSiteAlertSlack"))');
    expect(readFileSync(join(java.out, "Pulumi.yaml"), "utf8")).toContain("runtime: java");
    const csharp = await run(into("kuma-backup", fixturePath("kuma-backup.json"), "csharp"), { PATH: "/nonexistent" });
    expect(csharp.code).toBe(1);
    const written = files(csharp.out);
    expect(Object.keys(written).sort()).toEqual(migrationFiles("out.csproj", "Program.cs"));
    expect(written["Program.cs"]).toContain('Value = config.RequireSecret("kumaSiteAlertSlack")');
    expect(written["Pulumi.yaml"]).toContain("runtime: dotnet");
    const report = JSON.parse(written["migration-report.json"]) as MigrationReport;
    expect(report.files).toContain("Program.cs");
    expect(leaked(Object.values(written).join("\n") + app + java.stderr + csharp.stderr)).toEqual([]);
  });

  it("exits 2 with the usage for a bad source, language or missing input", async () => {
    for (const argv of [
      ["--from", "pingdom", "x.csv"],
      ["--from", "kuma-backup", "x.json", "--language", "ruby"],
      ["--from", "kuma-backup"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("Usage: pulumi-uptime migrate --from terraform-state|uptimerobot-csv|kuma-backup");
    }
    expect((await run(["--from", "pingdom", "x"])).stderr).toContain(
      '--from must be one of terraform-state, uptimerobot-csv, kuma-backup; got "pingdom"',
    );
    expect((await run(["--from", "kuma-backup", "missing.json"])).code).toBe(2);
  });
});
