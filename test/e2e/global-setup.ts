/**
 * Once before the end-to-end suite: the package link, and a hard failure (never a skip,
 * CI or not) when the Pulumi CLI or dist/ is missing. Reports the suite's wall time.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  PULUMI,
  PULUMI_CLI_DIR,
  REPO,
  SUITE_CLI_VERSION,
  WORK,
  assertPluginBuilt,
  assertPrerequisites,
  secs,
  suitePath,
} from "./harness";
import { warnWhenDistIsStale } from "../support/stale-dist";

export default function setup(): () => void {
  execFileSync(process.execPath, [join(REPO, "scripts", "link-self.js")]);
  assertPrerequisites();
  assertPluginBuilt();
  const version = execFileSync(PULUMI, ["version"], {
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  })
    .toString()
    .trim();
  // A CLI left by an older checkout's build would run the suite on another version unseen.
  if (version !== SUITE_CLI_VERSION)
    throw new Error(`${PULUMI} is ${version}, not ${SUITE_CLI_VERSION}: run \`bash scripts/build-pulumi.sh\`.`);
  const node = execFileSync("node", ["--version"], { env: { PATH: suitePath() }, encoding: "utf8" }).trim();
  console.log(`e2e: Pulumi CLI ${version} from ${PULUMI_CLI_DIR}; programs run on Node.js ${node}`);
  // Copies of fixtures left behind by an interrupted run (older than an hour).
  if (existsSync(WORK)) {
    for (const entry of readdirSync(WORK)) {
      const p = join(WORK, entry);
      if (Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
    }
  }
  // The engine runs the compiled package: say so when src/ changed after the last build.
  warnWhenDistIsStale(REPO, "e2e");
  const started = Date.now();
  return () => console.log(`e2e: suite wall time ${secs(Date.now() - started)}`);
}
