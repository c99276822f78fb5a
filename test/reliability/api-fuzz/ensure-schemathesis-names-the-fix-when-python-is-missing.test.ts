/**
 * The venv maker fails, before anything else, with the command that installs what is
 * missing: a machine without python3 (or without its venv module) is told what to run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";

const SCRIPT = resolve(__dirname, "..", "..", "..", "scripts", "ensure-schemathesis.sh");

test("without python3 on PATH, ensure-schemathesis.sh fails naming the apt-get command", () => {
  // A PATH with the shell tools the script needs and no python3.
  const bin = mkdtempSync(join(tmpdir(), "no-python-"));
  for (const tool of ["bash", "dirname", "sha256sum", "cut", "mkdir", "flock"]) {
    const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    expect(found, tool).not.toBe("");
    symlinkSync(found, join(bin, tool));
  }
  const run = spawnSync(join(bin, "bash"), [SCRIPT], { encoding: "utf8", env: { PATH: bin } });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe("");
  expect(run.stderr).toContain("apt-get install -y python3 python3-venv");
});
