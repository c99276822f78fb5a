/**
 * The Java examples of docs/examples (the ones the schema's descriptions and every SDK's doc
 * comments carry) compile with javac against the Java SDK's jar as `npm run sdks` builds it
 * (dist/sdk/java/target) and its dependencies (com.pulumi:pulumi and what it needs), resolved
 * by Maven from the project's own repository, .tools/maven/repository (scripts/maven.js). The
 * Java program of docs/standards-for-a-team.md's Defaults section compiles with them.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { readExamples } from "../../../src/generate/read-examples";
import { WORK } from "../../e2e/harness";
import { defaultsPrograms } from "../standards-page";

const run = promisify(execFile);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const maven = require("../../../scripts/maven.js") as { runMaven(dir: string, goals: string[]): Promise<string> };

const SDK_DIR = resolve(__dirname, "../../../dist/sdk/java");

/** The SDK's jar and its dependencies' jars, as one classpath; fails naming the command that builds them. */
async function javaSdkClasspath(): Promise<string> {
  const target = join(SDK_DIR, "target");
  const jar = existsSync(target)
    ? readdirSync(target).find((f) => f.endsWith(".jar") && !f.includes("sources") && !f.includes("javadoc"))
    : undefined;
  if (!jar) throw new Error(`no Java SDK jar in ${target}: run \`npm run sdks\` (it builds dist/sdk/java with Maven)`);
  mkdirSync(WORK, { recursive: true });
  const file = join(mkdtempSync(join(WORK, "java-classpath-")), "classpath.txt");
  await maven.runMaven(SDK_DIR, ["dependency:build-classpath", `-Dmdep.outputFile=${file}`]);
  return [join(target, jar), readFileSync(file, "utf8").trim()].join(":");
}

let JAVA_SDK_CLASSPATH = "";

/** javac over the programs, each `App` in its own folder; resolves to javac's verdict and output. */
async function compileJava(programs: Record<string, string>): Promise<{ ok: boolean; output: string }> {
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
    for (const f of files)
      output += (await run("javac", ["-d", join(dir, "out", f), "-cp", JAVA_SDK_CLASSPATH, f])).stderr;
    return { ok: true, output };
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    return { ok: false, output: err.stderr || err.message };
  }
}

describe("docs examples in Java", () => {
  beforeAll(async () => {
    JAVA_SDK_CLASSPATH = await javaSdkClasspath();
  }, 900_000);
  const examples = readExamples();
  it("javac accepts every example against the Java SDK, and rejects a misspelt argument", async () => {
    const good = await compileJava({
      ...Object.fromEntries(Object.entries(examples).map(([n, e]) => [n, e.programs.java])),
      // The standards page's explicit provider with its object-typed defaults.
      StandardsDefaults: defaultsPrograms().java,
    });
    expect(good.ok, good.output).toBe(true);
    const misspelt = examples.Monitor.programs.java.replace(".url(", ".uri(");
    expect(misspelt).not.toBe(examples.Monitor.programs.java);
    const bad = await compileJava({ Monitor: misspelt });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("uri");
  }, 900_000);
});
