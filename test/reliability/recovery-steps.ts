/**
 * The recovery steps of docs/recovery.md ("Recovering from an interrupted run"), exactly:
 *   1. pulumi cancel --yes
 *   2. pulumi refresh --clear-pending-creates --yes
 *   3. pulumi up --yes                      (the monitors declared with adopt: true)
 *   4. pulumi preview --expect-no-changes
 * and, with a file backend, when a step fails with `failed to load checkpoint: EOF`:
 * delete the empty `*.attrs` files under .pulumi/stacks/<project> and run the step again.
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { secs, type E2EStack, type RunResult } from "../e2e/harness";
import { FLEET_PROJECT } from "./support";

/** A file backend's symptom of a kill during the write of a stack's metadata (docs/recovery.md). */
const EOF = /failed to load checkpoint: EOF|^error: EOF$/m;

/** Deletes the empty metadata files of the project's stacks in the file backend; returns their names. */
function deleteEmptyAttrs(stack: E2EStack, project: string): string[] {
  const dir = join(stack.backendDir, ".pulumi", "stacks", project);
  const removed: string[] = [];
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f.endsWith(".attrs") && statSync(p).size === 0) {
      rmSync(p);
      removed.push(f);
    }
  }
  return removed;
}

/**
 * Runs the four steps in order on `stack` (a stack of the fleet fixture unless `project`
 * says otherwise), each under the stack's own environment. Returns one line per step
 * (exit code, time, any EOF fix); throws at the first step that fails, with the lines so
 * far and that step's output.
 */
export async function runRecoverySteps(stack: E2EStack, project = FLEET_PROJECT): Promise<string[]> {
  const steps: [string, () => Promise<RunResult>][] = [
    ["pulumi cancel --yes", () => stack.run(["cancel", "--yes", "--stack", stack.stack, "--non-interactive"])],
    ["pulumi refresh --clear-pending-creates --yes", () => stack.refresh(["--clear-pending-creates"])],
    ["pulumi up --yes", () => stack.up()],
    ["pulumi preview --expect-no-changes", () => stack.preview(["--expect-no-changes"])],
  ];
  const log: string[] = [];
  for (const [name, run] of steps) {
    let r = await run();
    if (r.code !== 0 && EOF.test(r.output)) {
      const removed = deleteEmptyAttrs(stack, project);
      log.push(`${name}: failed with EOF; deleted empty ${removed.join(", ") || "(none)"}; ran it again`);
      r = await run();
    }
    log.push(`${name}: exit ${r.code} (${secs(r.ms)})`);
    if (r.code !== 0) throw new Error(`recovery step failed:\n  ${log.join("\n  ")}\n${r.output}`);
  }
  return log;
}
