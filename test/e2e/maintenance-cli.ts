/**
 * `pulumi-uptime maintenance` (the built CLI, as npm installs it) run beside an e2e stack: in its project
 * directory, with its Pulumi environment (its home, backend and passphrase), as a user runs
 * it where `pulumi` can read the stack.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pulumiEnv, type E2EStack } from "./harness";
import { pulumiUptimeBin } from "../support/repo-root";
import type { MaintenanceRecord } from "../../src/maintenance/record-file";
import { localDateTimeToEpoch } from "../../src/util/time";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pulumi-uptime maintenance <args>` in `stack`'s directory; `env` over its Pulumi environment. */
export function maintenance(stack: E2EStack, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [pulumiUptimeBin(), "maintenance", ...args],
      { cwd: stack.dir, env: pulumiEnv(stack.home, stack.backendDir, env), timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** The record file in `stack`'s directory, or undefined when there is none. */
export function recordOf(stack: E2EStack, file = ".uptime-maintenance.json"): MaintenanceRecord | undefined {
  const path = join(stack.dir, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as MaintenanceRecord) : undefined;
}

/** Whether the service's date (ISO UTC) is the wall time `wall` in `zone`. */
export function isWallTime(service: string | null | undefined, wall: string, zone: string): boolean {
  return !!service && Date.parse(service) === localDateTimeToEpoch(wall, zone);
}
