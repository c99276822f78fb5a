/** A scratch directory holding copies of some of the checkout's files, removed after each test. */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach } from "vitest";

export const ROOT = resolve(__dirname, "..", "..");

/** Registers the clean-up; each call of the returned function makes a scratch copy of `files`. */
export function scratchCheckouts(prefix: string): (files: string[]) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    for (const f of files) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      cpSync(join(ROOT, f), join(dir, f));
    }
    return dir;
  };
}
