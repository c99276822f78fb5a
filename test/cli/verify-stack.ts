/**
 * Runs `pulumi-uptime verify --stack dev` in this process against a stand-in `pulumi` that
 * answers `stack history`, `stack export` and `config` with a given stack.
 */
import { runVerify } from "../../src/cli/verify";
import type { StateResource } from "../../src/stack/state-resource";
import { standInPulumi } from "../support/stand-in-pulumi";
import { runCaptured } from "../support/captured-command-run";

/** What the stand-in's stack holds: its last update's start, its state's resources and its config (decrypted). */
export interface StandInStack {
  updateStartMs: number;
  resources: StateResource[];
  config: ReadonlyMap<string, string>;
}

/** `verify --stack dev <argv>` on `stack`: its exit code and what it printed. The environment holds only PATH. */
export async function verifyStandInStack(
  stack: StandInStack,
  argv: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const pulumi = standInPulumi({
    "stack history": {
      stdout: JSON.stringify([{ kind: "update", startTime: new Date(stack.updateStartMs).toISOString() }]),
    },
    "stack export": { stdout: JSON.stringify({ version: 3, deployment: { resources: stack.resources } }) },
    config: { stdout: JSON.stringify(Object.fromEntries([...stack.config].map(([k, value]) => [k, { value }]))) },
  });
  try {
    return await runCaptured(runVerify, ["--stack", "dev", ...argv], { env: { PATH: pulumi.dir }, cwd: pulumi.dir });
  } finally {
    pulumi.remove();
  }
}
