/**
 * `npm install <git url>` runs only `prepare` (scripts/prepare.js) in the clone before packing
 * it, so whatever the docs point at in an install must come out of that step: among it the
 * plugin's launcher, dist/plugin/pulumi-resource-uptime, which a program's
 * `plugins.providers` names. Runs the step in a scratch copy of a checkout whose dist/ is
 * compiled (so no compiler runs) but has no launcher, as a clone's `prepare` leaves it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchCheckouts } from "./scratch-checkout";

const scratchWith = scratchCheckouts("pulumi-uptime-prepare-");

describe("prepare (a git install)", () => {
  it("writes the plugin launcher the docs point plugins.providers at", () => {
    const scratch = scratchWith([
      "package.json",
      "tsconfig.json",
      "scripts/prepare.js",
      "scripts/link-self.js",
      "scripts/build-plugin.js",
    ]);
    mkdirSync(join(scratch, "src"));
    // What the compile and the bundle leave (prepare skips them when these exist).
    for (const f of ["dist/index.js", "dist/bin/pulumi-uptime.js", "dist/plugin/main.js"]) {
      mkdirSync(join(scratch, f, ".."), { recursive: true });
      writeFileSync(join(scratch, f), "");
    }
    execFileSync(process.execPath, [join(scratch, "scripts", "prepare.js")], { cwd: scratch, stdio: "pipe" });
    const launcher = join(scratch, "dist", "plugin", "pulumi-resource-uptime");
    expect(existsSync(launcher)).toBe(true);
    expect(statSync(launcher).mode & 0o111).not.toBe(0);
  });
});
