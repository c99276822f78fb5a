/** Previews under the policy pack of this checkout (policy/), with a `--policy-pack-config` file. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, type E2EStack, type RunResult } from "./harness";

/** The pack, as `pulumi preview --policy-pack <checkout>/policy` names it. */
export const POLICY_PACK = join(REPO, "policy");

/** What `--policy-pack-config` takes: per rule, an enforcement level or an object with parameters. */
export type PolicyConfig = Record<string, string | Record<string, unknown>>;

/** `pulumi preview --policy-pack policy/ --policy-pack-config <file>`, the file written into the project. */
export function previewWithPolicy(stack: E2EStack, config: PolicyConfig): Promise<RunResult> {
  const file = join(stack.dir, "policy-config.json");
  writeFileSync(file, JSON.stringify(config));
  return stack.preview(["--policy-pack", POLICY_PACK, "--policy-pack-config", file]);
}

/** The lines of the output's "Policies:" section (empty when nothing was reported). */
export function policyReport(output: string): string {
  const at = output.indexOf("Policies:");
  if (at < 0) return "";
  const end = output.indexOf("\n\n", at);
  return output.slice(at, end < 0 ? undefined : end);
}
