/**
 * NOT RUN YET (the name ends in .pending.ts, so no vitest config picks it up): the Java
 * examples of docs/examples compile with javac against the Java SDK, once sdk/java exists
 * (the Java SDK is another branch). To switch it on after merging that branch: rename this
 * file to docs-examples-compile-in-java.test.ts, set JAVA_SDK_CLASSPATH below to how that
 * branch builds the SDK's jar and its dependencies (com.pulumi:pulumi), and run it with
 * `npx vitest run --config vitest.e2e.config.ts test/sdk/java`.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readExamples } from "../../../src/docs/examples";
import { WORK } from "../../e2e/harness";

const run = promisify(execFile);

/** The Java SDK's jar and its dependencies, as the Java SDK branch builds them (fill in on merge). */
const JAVA_SDK_CLASSPATH = process.env.UPTIME_JAVA_SDK_CLASSPATH ?? "";

/** javac over the programs, each `App` in its own folder; resolves to javac's verdict and output. */
async function compileJava(programs: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  if (!JAVA_SDK_CLASSPATH) throw new Error("no Java SDK classpath: build sdk/java and set UPTIME_JAVA_SDK_CLASSPATH (see this file's header)");
  mkdirSync(WORK, { recursive: true });
  const dir = mkdtempSync(join(WORK, "docs-examples-java-"));
  const files: string[] = [];
  for (const [name, source] of Object.entries(programs)) {
    mkdirSync(join(dir, name));
    files.push(join(dir, name, "App.java"));
    writeFileSync(files[files.length - 1], source);
  }
  try {
    // Each program is its own compilation: every one declares generated_program.App.
    let output = "";
    for (const f of files) output += (await run("javac", ["-d", join(dir, "out", f), "-cp", JAVA_SDK_CLASSPATH, f])).stderr;
    return { ok: true, output };
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    return { ok: false, output: err.stderr || err.message };
  }
}

describe("docs examples in Java", () => {
  const examples = readExamples();
  it("javac accepts every example against the Java SDK, and rejects a misspelt argument", async () => {
    const good = await compileJava(Object.fromEntries(Object.entries(examples).map(([n, e]) => [n, e.programs.java])));
    expect(good.ok, good.output).toBe(true);
    const bad = await compileJava({ Monitor: examples.Monitor.programs.java.replace(".url(", ".uri(") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("uri");
  }, 900_000);
});
