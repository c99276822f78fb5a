/** Runs `pulumi-uptime test` in this process with its output captured, and writes monitors files. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { runTest } from "../../src/cli/test";

export interface TestRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pulumi-uptime test <argv>`, in `cwd`. */
export async function runTestCommand(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = {},
): Promise<TestRun> {
  let stdout = "";
  let stderr = "";
  const code = await runTest(argv, {
    stdout: { write: (c: string) => (stdout += c) },
    stderr: { write: (c: string) => (stderr += c) },
    env: { ...process.env, ...env },
    cwd,
  });
  return { code, stdout, stderr };
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
