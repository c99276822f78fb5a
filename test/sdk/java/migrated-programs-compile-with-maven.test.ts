/**
 * The Java programs `pulumi-uptime migrate` writes compile with Maven (`mvn compile`, their
 * own pom.xml) against the Java SDK's jar as `npm run sdks` installs it into the project's
 * Maven repository (scripts/maven.js) and com.pulumi:pulumi from Maven Central: one project
 * per source fixture (every field the mapping writes: enums, alerts, headers, basic auth,
 * paused). A misspelt argument fails the same build, so the build judges the program.
 * (Export's Java lines are compiled inside the code `pulumi import` writes, under the engine:
 * test/e2e/import-file-writes-yaml-python-go-and-java-programs-that-change-nothing.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMigrate } from "../../../src/cli/migrate";
import { JAVA_PROGRAM } from "../../../src/migrate/render-java";
import { WORK } from "../../e2e/harness";
import { fixturePath, FIXTURE_SECRETS, PROGRAM_SOURCES } from "../../migrate/helpers";

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
});
