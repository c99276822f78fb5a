/**
 * PGlite is an optional peer dependency: what a user who only manages monitors loads (the
 * main entry, the runtime the engine's provider process requires, the `pulumi-uptime`
 * command) never loads the local server, so it works without PGlite installed; the server
 * itself, started without it, fails with the command that installs it. Runs the built
 * package (dist/) with PGlite made unresolvable.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);
const ROOT = resolve(__dirname, "..", "..");
const PRELOAD = join(__dirname, "without-pglite.cjs");

async function runWithoutPGlite(
  script: string,
): Promise<{ stdout: string; stderr: string; code: number; serverModules: string[] }> {
  if (!existsSync(join(ROOT, "dist", "index.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  let out: { stdout: string; stderr: string; code?: number };
  try {
    out = await exec(process.execPath, ["--require", PRELOAD, "-e", script], { cwd: ROOT });
  } catch (err) {
    out = err as { stdout: string; stderr: string; code: number };
  }
  const last = out.stdout.trim().split("\n").pop() ?? "{}";
  return {
    stdout: out.stdout,
    stderr: out.stderr,
    code: out.code ?? 0,
    serverModules: (JSON.parse(last) as { serverModules: string[] }).serverModules,
  };
}

describe("without @electric-sql/pglite installed", () => {
  it("the main entry, the runtime and the commands load and never load the server", async () => {
    // main.js loads a subcommand only when it runs: each is required here by itself.
    const r = await runWithoutPGlite(`
      const lib = require("./dist/index.js");
      const runtime = require("./dist/dynamic/runtime.js");
      require("./dist/cli/main.js");
      require("./dist/cli/export.js");
      require("./dist/cli/test.js");
      require("./dist/cli/verify.js");
      if (typeof lib.Monitor !== "function" || typeof runtime.monitor.create !== "function") process.exit(3);
    `);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.serverModules).toEqual([]);
  });

  it("startUptimeServer fails naming the exact install command", async () => {
    const r = await runWithoutPGlite(`
      require("./dist/server/index.js").startUptimeServer({ port: 0 }).then(
        () => process.exit(4),
        (err) => { console.error(err.name + ": " + err.message); console.error("install=" + err.installCommand); },
      );
    `);
    const version = (
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> }
    ).peerDependencies["@electric-sql/pglite"];
    expect(r.stderr).toContain("UptimeServerDependencyError: the local server needs @electric-sql/pglite");
    expect(r.stderr).toContain(`install=npm install --save-dev @electric-sql/pglite@${version}`);
  });
});
