/**
 * Runs the built `uptime-server` (dist/server/cli.js) as a child process, for tests that
 * need a real process: durability after SIGKILL, signals, the CLI's output.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Path of the built CLI. `npm test` builds it after the lint step; run `npm run build` otherwise. */
export const CLI = path.resolve(__dirname, "../../dist/server/cli.js");

/** Throws a clear error when the CLI has not been built. */
export function requireBuiltCli(): void {
  if (!fs.existsSync(CLI)) {
    throw new Error(`${CLI} is missing: run "npx tsc -p ." (or "npm test", which builds first)`);
  }
}

/** A running CLI. */
export interface CliProcess {
  proc: ChildProcess;
  /** Base URL from the "listening on" line. */
  url: string;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process ends. */
  exited: Promise<number | string>;
}

/**
 * The CLI checks monitors by default. A test's process checks only loopback targets:
 * `--loopback-only` is added unless the test turns checking off with `--no-checks`.
 */
function checkingOnlyLoopback(args: string[]): string[] {
  return args.includes("--no-checks") || args.includes("--loopback-only") ? args : [...args, "--loopback-only"];
}

/** Starts the CLI (the built one, or another copy at `cli`) and waits for its `uptime-server listening on <url>` line. */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 30_000,
  cli = CLI,
): Promise<CliProcess> {
  if (cli === CLI) requireBuiltCli();
  const proc = spawn(process.execPath, [cli, ...checkingOnlyLoopback(args)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | string>((resolve) =>
    proc.on("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`CLI did not start in ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err}`));
    }, timeoutMs);
    const check = () => {
      const m = /uptime-server listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        proc.stdout!.off("data", check);
        resolve({ proc, url: m[1], stdout: () => out, stderr: () => err, exited });
      }
    };
    proc.stdout!.on("data", check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited (${code}) before listening\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}

/** Runs the CLI to completion (for --help and bad flags). */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cli = CLI,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (cli === CLI) requireBuiltCli();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d) => (stdout += d));
    proc.stderr.on("data", (d) => (stderr += d));
    proc.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
