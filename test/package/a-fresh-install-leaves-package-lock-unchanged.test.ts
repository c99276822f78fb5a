/**
 * `npm install` on a fresh clone must not rewrite the committed package-lock.json (a stale
 * `bin` entry once made every install change it, and CI never noticed). npm computes the lock
 * from package.json and the workspaces' manifests alone, so these are copied into a scratch
 * directory and npm writes the lock there (`--package-lock-only`: nothing is downloaded beyond
 * the registry's metadata, which the cache usually has); it must come out byte for byte the
 * committed one.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT, scratchCheckouts } from "./scratch-checkout";

const exec = promisify(execFile);
const scratchWith = scratchCheckouts("pulumi-uptime-lock-");

describe("npm install on a fresh clone", () => {
  it("leaves package-lock.json as committed", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces?: string[] };
    const scratch = scratchWith([
      "package.json",
      "package-lock.json",
      ...(manifest.workspaces ?? []).map((w) => `${w}/package.json`),
    ]);
    await exec(
      "npm",
      ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
      { cwd: scratch, timeout: 240_000 },
    );
    const committed = readFileSync(join(ROOT, "package-lock.json"), "utf8");
    const written = readFileSync(join(scratch, "package-lock.json"), "utf8");
    expect(written).toBe(committed);
  }, 300_000);
});
