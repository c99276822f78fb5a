/**
 * The Java programs `pulumi-uptime migrate` writes compile with Maven (`mvn compile`, their
 * own pom.xml) against the Java SDK's jar as `npm run sdks` installs it into the project's
 * Maven repository (scripts/maven.js) and com.pulumi:pulumi from Maven Central: one project
 * per source fixture (every field the mapping writes: enums, alerts, headers, basic auth,
 * paused). Export's Java lines for `pulumi import` (`--format import --language java`)
 * compile where its steps say they go, inside a program declaring the same monitors without
 * their secret fields (the code `pulumi import` writes is not generated here: the Java host's
 * program generator is not part of the tools built for the tests). A misspelt argument fails
 * the same build, so the build judges the program.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMigrate } from "../../../src/cli/migrate";
import { secretAdditions } from "../../../src/export/import-secrets";
import { mapMonitors } from "../../../src/migrate/map";
import { readSource } from "../../../src/migrate/read";
import { JAVA_PROGRAM, renderJava } from "../../../src/migrate/render-java";
import { CONFIG_SUPPLIED_INPUTS } from "../../../src/plugin/import-id";
import { WORK } from "../../e2e/harness";
import { fixture, fixturePath, FIXTURE_SECRETS, PROGRAM_SOURCES } from "../../migrate/helpers";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const maven = require("../../../scripts/maven.js") as { runMaven(dir: string, goals: string[]): Promise<string> };

/** Migrates `file` to Java into a fresh folder under test/e2e/.work; returns the project's folder. */
async function migrateToJava(from: string, file: string): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  const cwd = mkdtempSync(join(WORK, "migrate-java-"));
  const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env, cwd };
  expect(await runMigrate(["--from", from, fixturePath(file), "--language", "java", "--out", "p"], io)).toBe(1);
  return join(cwd, "p");
}

/** `mvn compile` in `dir`: its verdict and, when it fails, what Maven said. */
async function compile(dir: string): Promise<{ ok: boolean; output: string }> {
  try {
    return { ok: true, output: await maven.runMaven(dir, ["compile"]) };
  } catch (e) {
    return { ok: false, output: (e as Error).message };
  }
}

/** Inserts `lines` after the first line matching `anchor`; fails when there is none. */
function insertAfter(code: string, anchor: string, lines: string[]): string {
  const all = code.split("\n");
  const at = all.findIndex((l) => l.includes(anchor));
  if (at < 0) throw new Error(`no line holds ${anchor}:\n${code}`);
  all.splice(at + 1, 0, ...lines);
  return all.join("\n");
}

describe("Java programs", () => {
  it.each(PROGRAM_SOURCES)(
    "migrated from %s %s compile with Maven against the Java SDK",
    async (from, file) => {
      const dir = await migrateToJava(from, file);
      const program = readFileSync(join(dir, JAVA_PROGRAM), "utf8");
      expect(program).toContain("config.requireSecret(");
      for (const secret of FIXTURE_SECRETS) expect(program).not.toContain(secret);
      const built = await compile(dir);
      expect(built.ok, built.output).toBe(true);
    },
    900_000,
  );

  it("fail to compile with a misspelt argument", async () => {
    const dir = await migrateToJava("kuma-backup", "kuma-backup.json");
    const file = join(dir, JAVA_PROGRAM);
    const program = readFileSync(file, "utf8");
    writeFileSync(file, program.replace(".alertTextLookup(", ".alertTextLookp("));
    const built = await compile(dir);
    expect(built.ok).toBe(false);
    expect(built.output).toContain("alertTextLookp");
  }, 900_000);

  it("compile with export's Java lines for the secret fields added where its steps say", async () => {
    const plan = mapMonitors(readSource("kuma-backup", fixture("kuma-backup.json"), "kuma-backup.json")).plan;
    const supplied = CONFIG_SUPPLIED_INPUTS.Monitor;
    const withoutSecrets = {
      monitors: plan.monitors.map((m) => ({ ...m, args: m.args.filter(([f]) => !supplied.includes(f)) })),
      secrets: [],
    };
    const add = secretAdditions(plan, "java");
    expect(add.resources.map((r) => r.name)).toEqual(["kuma-site", "kuma-keyword"]);
    const config = add.preamble.filter((l) => !l.startsWith("import "));
    let code = renderJava(withoutSecrets, "kuma-backup kuma-backup.json");
    expect(code).not.toContain("requireSecret");
    code = insertAfter(
      code,
      "package monitors;",
      add.preamble.filter((l) => l.startsWith("import ")),
    );
    code = insertAfter(code, "public static void stack(Context ctx) {", config);
    for (const r of add.resources) code = insertAfter(code, `new Monitor(${JSON.stringify(r.name)},`, r.lines);
    const dir = await migrateToJava("kuma-backup", "kuma-backup.json");
    writeFileSync(join(dir, JAVA_PROGRAM), code);
    const built = await compile(dir);
    expect(built.ok, `${built.output}\n${code}`).toBe(true);
    expect(code).toContain('.requestAuthPassword(uptimeSecrets.requireSecret("kumaSiteRequestAuthPassword"))');
  }, 900_000);
});
