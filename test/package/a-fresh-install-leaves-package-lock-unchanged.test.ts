/**
 * `npm install` on a fresh clone must not rewrite the committed package-lock.json (a stale
 * `bin` entry once made every install change it, and CI never noticed). npm computes the lock
 * from package.json and the workspaces' manifests alone, so these are copied into a scratch
 * directory and npm writes the lock there (`--package-lock-only`: nothing is downloaded beyond
 * the registry's metadata, which the cache usually has); it must come out byte for byte the
 * committed one.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const exec = promisify(execFile);
const ROOT = resolve(__dirname, "..", "..");
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("npm install on a fresh clone", () => {
  it("leaves package-lock.json as committed", async () => {
    scratch = mkdtempSync(join(tmpdir(), "pulumi-uptime-lock-"));
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces?: string[] };
    const files = ["package.json", "package-lock.json", ...(manifest.workspaces ?? []).map((w) => `${w}/package.json`)];
    for (const f of files) {
      mkdirSync(dirname(join(scratch, f)), { recursive: true });
      cpSync(join(ROOT, f), join(scratch, f));
    }
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
