/**
 * The Go and Python programs `pulumi-uptime migrate` writes type-check against this
 * checkout's SDKs: `go vet` for Go, mypy for Python, one program per source fixture (every
 * field the mapping writes: enums, alerts, headers, basic auth, paused).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMigrate } from "../../src/cli/migrate";
import { fixturePath, PROGRAM_SOURCES } from "../migrate/helpers";
import { typecheckPython, vetGo } from "./example-checks";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Each fixture's program in `language`, by a name per fixture. */
async function programs(language: "go" | "python"): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [i, [from, file]] of PROGRAM_SOURCES.entries()) {
    const cwd = mkdtempSync(join(tmpdir(), "migrate-check-"));
    dirs.push(cwd);
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env, cwd };
    expect(await runMigrate(["--from", from, fixturePath(file), "--language", language, "--out", "p"], io)).toBe(1);
    out[`source${i}`] = readFileSync(join(cwd, "p", language === "go" ? "main.go" : "__main__.py"), "utf8");
  }
  return out;
}

describe("migrated programs", () => {
  it("in Go pass go vet against the Go SDK", async () => {
    const checked = await vetGo(await programs("go"));
    expect(checked.ok, checked.output).toBe(true);
  });

  it("in Python pass mypy against the Python SDK", async () => {
    const progs = await programs("python");
    const checked = await typecheckPython(progs);
    expect(checked.ok, checked.output).toBe(true);
  });
});
