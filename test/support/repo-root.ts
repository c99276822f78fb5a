/** The repository's root, for tests that read or copy committed files. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");

/**
 * The command line as npm installs it: package.json's `pulumi-uptime` bin (the bundles of
 * dist/bin/, scripts/bundle-cli.js), which tests that run the command as users do start.
 */
export function pulumiUptimeBin(root = REPO): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
  return join(root, pkg.bin["pulumi-uptime"]);
}
