/**
 * Running the projects under examples/ in place: the stack config a project needs beyond
 * its Pulumi.yaml defaults (`<project>/e2e.config.json`, which can ask for a second service
 * for a program that reaches one through an explicit provider), and compiling it first when
 * it is a TypeScript, Go or Java program (or making its virtualenv when it is a Python one),
 * outside the engine's per-command timeout.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import { E2EStack, REPO, secs } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { ensureVenv } from "../support/python-venv";

const run = promisify(execFile);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const maven = require("../../scripts/maven.js") as {
  mavenEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
  runMaven(dir: string, goals: string[]): Promise<"offline" | "online">;
};

/** A config value as `E2EStack.create` takes it. */
export type ConfigValue = { value: string; secret?: boolean };

/**
 * A value of e2e.config.json: a literal, or the URL or API key of a second service, which
 * {@link runExample} starts for the projects that ask for one.
 */
export type ExampleConfigValue = ConfigValue | { secondService: "url" | "apiKey"; secret?: boolean };

/** `<project>/e2e.config.json`: each key (as given to `pulumi config set`) to its value and secrecy. */
export function exampleConfig(dir: string): Record<string, ExampleConfigValue> {
  const file = join(dir, "e2e.config.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ExampleConfigValue>) : {};
}

/**
 * A project's e2e config for a run with one server: every value must be a literal, and a key
 * that asks for a second service throws, saying `why` none is started.
 */
export function exampleLiterals(dir: string, why: string): Record<string, ConfigValue> {
  const config: Record<string, ConfigValue> = {};
  for (const [key, c] of Object.entries(exampleConfig(dir))) {
    if (!("value" in c)) throw new Error(`${dir}: ${key} asks for a second service, ${why}`);
    config[key] = c;
  }
  return config;
}

/** The literal value of `key` in a project's e2e config. */
export function exampleValue(dir: string, key: string): string {
  const c = exampleConfig(dir)[key];
  if (!c || !("value" in c)) throw new Error(`${join(dir, "e2e.config.json")} has no literal value for ${key}`);
  return c.value;
}

/** The secret literal values of a project's e2e config, for leak scans. */
export function exampleSecrets(dir: string): string[] {
  return Object.values(exampleConfig(dir)).flatMap((c) => (c.secret && "value" in c ? [c.value] : []));
}

/**
 * Compiles a project before the engine runs it: `tsc -p` for TypeScript (the root program
 * runs from dist/, built by `npm run build`), `go build` for Go, Maven for Java. The Go and
 * Java language hosts build again on every command, but from the caches this warmed: a first
 * build of a Go program downloads and compiles the Pulumi Go SDK, minutes on a cold 2-core
 * machine; a Java program's first build downloads the Pulumi Java SDK and Maven's plugins
 * (`exec:help` fetches the plugin the host runs programs with) into the project's Maven
 * repository (scripts/maven.js), offline once they are there. Returns what it ran, for logs.
 */
export async function compileExample(dir: string): Promise<string | undefined> {
  if (dir === REPO) return undefined;
  if (existsSync(join(dir, "tsconfig.json"))) {
    await run(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { cwd: dir });
    return "tsc";
  }
  if (existsSync(join(dir, "go.mod"))) {
    await run("go", ["build", "-o", "/dev/null", "."], {
      cwd: dir,
      env: { ...process.env, GOWORK: "off" },
      timeout: 900_000,
    });
    return "go build";
  }
  if (existsSync(join(dir, "pom.xml"))) {
    return `mvn compile (${await maven.runMaven(dir, ["compile", "exec:help"])})`;
  }
  if (existsSync(join(dir, "requirements.txt"))) return pythonVenv(dir);
  return undefined;
}

/**
 * The virtualenv a Python project's Pulumi.yaml names (`venv`, beside the program): a link to
 * a venv made from its requirements.txt under .tools, kept while the requirements and the
 * wheels they name are unchanged (test/support/python-venv.ts).
 */
async function pythonVenv(dir: string): Promise<string> {
  const requirements = join(dir, "requirements.txt");
  const wheels = readFileSync(requirements, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.endsWith(".whl"))
    .map((l) => resolve(dir, l));
  const missing = wheels.find((w) => !existsSync(w));
  if (missing) throw new Error(`${missing} is missing: run \`npm run sdks\` (it builds the Python SDK's wheel)`);
  const bin = await ensureVenv({
    dir: join(REPO, ".tools", `python-venv-${basename(dir)}`),
    requirements,
    cwd: dir,
    inputs: wheels,
  });
  const link = join(dir, "venv");
  rmSync(link, { recursive: true, force: true });
  symlinkSync(join(bin, ".."), link, "dir");
  return "pip install -r requirements.txt (or the venv it made before)";
}

/**
 * The environment the engine's commands need for a project: Java programs' Maven runs use the
 * project's Maven repository, Python programs their venv.
 */
export function exampleEnv(dir: string): Record<string, string> {
  // The Python language host built here (sdk/v3 v3.79.0) takes Pulumi.yaml's `virtualenv` only
  // as a command-line flag, which the CLI (v3.248, v3.274) no longer passes (it sends runtime options over
  // RPC): the venv's interpreter is named to it the other way it knows.
  if (existsSync(join(dir, "requirements.txt"))) return { PULUMI_PYTHON_CMD: join(dir, "venv", "bin", "python") };
  if (!existsSync(join(dir, "pom.xml"))) return {};
  const { MAVEN_OPTS } = maven.mavenEnv();
  return { MAVEN_OPTS };
}

/** An example run in place against a fresh local server: compiled, its stack created and configured. */
export interface ExampleRun {
  srv: E2EServer;
  /** The second server, when the project's e2e config asks for one. */
  second?: E2EServer;
  stack: E2EStack;
  /** Ends the stack (its temp files) and the server. */
  close(): Promise<void>;
}

/** Compiles the example at `dir` (logging how long that took), starts its server(s) and creates the stack. */
export async function runExample(dir: string, label: string): Promise<ExampleRun> {
  const started = Date.now();
  const compiled = await compileExample(dir);
  if (compiled) console.log(`${label}: ${compiled} ${secs(Date.now() - started)}`);
  const wanted = exampleConfig(dir);
  const srv = await startE2EServer();
  const second = Object.values(wanted).some((c) => "secondService" in c) ? await startE2EServer() : undefined;
  const closeServers = () => Promise.all([srv.close(), second?.close()]);
  const config: Record<string, ConfigValue> = {};
  for (const [key, c] of Object.entries(wanted)) {
    config[key] =
      "value" in c ? c : { value: c.secondService === "url" ? second!.url : second!.apiKey, secret: c.secret };
  }
  let stack: E2EStack;
  try {
    stack = await E2EStack.create({ project: dir, inPlace: true, server: srv, config, env: exampleEnv(dir) });
  } catch (err) {
    await closeServers();
    throw err;
  }
  return {
    srv,
    second,
    stack,
    close: async () => {
      stack.dispose();
      await closeServers();
    },
  };
}
