/**
 * Runs once before the suites: the tests that load the compiled package need dist/ and
 * the node_modules/pulumi-uptime link (npm removes the link when it installs a package).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { seedNote } from "./seed";
import { warnWhenDistIsStale } from "./stale-dist";

export default function setup(): void {
  const root = resolve(__dirname, "..", "..");
  execFileSync(process.execPath, [resolve(root, "scripts", "link-self.js")]);
  if (!existsSync(resolve(root, "dist", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first (`npm test` does it for you).");
  }
  warnWhenDistIsStale(root, "tests");
  console.log(`fuzz and property tests: ${seedNote()}`);
}
