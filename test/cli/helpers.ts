/** Runs `pulumi-uptime test` in this process with its output captured, and writes monitors files. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { runTest } from "../../src/cli/test";
import { runCaptured, type CommandRun } from "../support/captured-command-run";

export type TestRun = CommandRun;

/** The environment's proxy and CA settings, all cleared: a test sets only the ones it tests. */
export const NO_NETWORK_VARS = {
  HTTP_PROXY: "",
  http_proxy: "",
  HTTPS_PROXY: "",
  https_proxy: "",
  NO_PROXY: "",
  no_proxy: "",
  UPTIME_PROXY_URL: "",
  UPTIME_CA_CERTIFICATES: "",
  SSL_CERT_FILE: "",
};

/** `pulumi-uptime test <argv>`, in `cwd`. */
export async function runTestCommand(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = {},
): Promise<TestRun> {
  return runCaptured(runTest, argv, { env: { ...process.env, ...env }, cwd });
}

/** A temporary directory; `file(name, monitors)` writes a monitors file in it. */
export function scratch(): {
  dir: string;
  monitors(entries: Record<string, unknown>, name?: string): string;
  dispose(): void;
} {
  const dir = mkdtempSync(join(os.tmpdir(), "uptime-test-cmd-"));
  return {
    dir,
    monitors(entries, name = "monitors.yaml") {
      const path = join(dir, name);
      writeFileSync(path, stringify({ monitors: entries }));
      return path;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `--json`'s results by monitor name. */
export function byName(stdout: string): Record<string, { url: string; outcome: string; reason: string }> {
  const parsed = JSON.parse(stdout) as { results: { name: string; url: string; outcome: string; reason: string }[] };
  return Object.fromEntries(parsed.results.map((r) => [r.name, r]));
}
