/**
 * Running the projects under examples/ in place: the stack config a project needs beyond
 * its Pulumi.yaml defaults (`<project>/e2e.config.json`), and compiling it first when it is
 * a TypeScript or Go program, outside the engine's per-command timeout.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { E2EStack, REPO, secs } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

const run = promisify(execFile);

/** A config value as `E2EStack.create` takes it. */
export type ConfigValue = { value: string; secret?: boolean };

/** `<project>/e2e.config.json`: each key (as given to `pulumi config set`) to its value and secrecy. */
export function exampleConfig(dir: string): Record<string, ConfigValue> {
  const file = join(dir, "e2e.config.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ConfigValue>) : {};
}

/** The secret values of a project's e2e config, for leak scans. */
export function exampleSecrets(dir: string): string[] {
  return Object.values(exampleConfig(dir)).filter((c) => c.secret).map((c) => c.value);
}

/**
 * Compiles a project before the engine runs it: `tsc -p` for TypeScript (the root program
 * runs from dist/, built by `npm run build`), `go build` for Go. The Go language host builds
 * again on every command, but from the build cache this warmed: a first build of a Go
 * program downloads and compiles the Pulumi Go SDK, minutes on a cold 2-core machine.
 * Returns what it ran, for logs.
 */
export async function compileExample(dir: string): Promise<string | undefined> {
  if (dir === REPO) return undefined;
  if (existsSync(join(dir, "tsconfig.json"))) {
    await run(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { cwd: dir });
    return "tsc";
  }
  if (existsSync(join(dir, "go.mod"))) {
    await run("go", ["build", "-o", "/dev/null", "."], { cwd: dir, env: { ...process.env, GOWORK: "off" }, timeout: 900_000 });
    return "go build";
  }
  return undefined;
}

/** An example run in place against a fresh local server: compiled, its stack created and configured. */
export interface ExampleRun {
  srv: E2EServer;
  stack: E2EStack;
  /** Ends the stack (its temp files) and the server. */
  close(): Promise<void>;
}

/** Compiles the example at `dir` (logging how long that took), starts a server and creates the stack. */
export async function runExample(dir: string, label: string): Promise<ExampleRun> {
  const started = Date.now();
  const compiled = await compileExample(dir);
  if (compiled) console.log(`${label}: ${compiled} ${secs(Date.now() - started)}`);
  const srv = await startE2EServer();
  let stack: E2EStack;
  try {
    stack = await E2EStack.create({ project: dir, inPlace: true, server: srv, config: exampleConfig(dir) });
  } catch (err) {
    await srv.close();
    throw err;
  }
  return {
    srv,
    stack,
    close: async () => {
      stack.dispose();
      await srv.close();
    },
  };
}
