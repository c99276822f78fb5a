/**
 * Once before the engine-driven reliability tests: the package link, and a hard failure
 * (never a skip) when the Pulumi CLI or dist/ is missing. Reports the suite's wall time.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { REPO, assertPrerequisites, secs } from "../e2e/harness";

export default function setup(): () => void {
  execFileSync(process.execPath, [join(REPO, "scripts", "link-self.js")]);
  assertPrerequisites();
  const started = Date.now();
  return () => console.log(`reliability: suite wall time ${secs(Date.now() - started)}`);
}
