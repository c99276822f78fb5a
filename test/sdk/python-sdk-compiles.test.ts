/**
 * The generated Python SDK compiles (`python3 -m py_compile` of every module). No Python
 * program runs it under the engine yet (no Python language host is built here); the docs'
 * examples type-check against it with mypy (docs-examples-compile-against-the-sdks.test.ts).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO, walk } from "../e2e/harness";

const run = promisify(execFile);

describe("the Python SDK", () => {
  it("compiles, every module of it", async () => {
    const modules = walk(join(REPO, "sdk", "python")).filter((f) => f.endsWith(".py"));
    expect(modules.map((f) => f.slice(REPO.length + 1))).toEqual(
      expect.arrayContaining(["sdk/python/pulumi_uptime/monitor.py", "sdk/python/pulumi_uptime/incident.py"]),
    );
    // Bytecode goes to a temp dir, not beside the committed sources.
    const cache = mkdtempSync(join(tmpdir(), "uptime-pycache-"));
    try {
      const { stderr } = await run("python3", ["-m", "py_compile", ...modules], {
        env: { ...process.env, PYTHONPYCACHEPREFIX: cache },
      });
      expect(stderr).toBe("");
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
