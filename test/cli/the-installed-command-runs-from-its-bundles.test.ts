/**
 * package.json's `pulumi-uptime` bin is dist/bin/pulumi-uptime.js, which loads one bundle per
 * subcommand (scripts/bundle-cli.js): every subcommand answers through it, it loads none of
 * dist/'s modules one by one and none of zod's files (zod is inside, in English only), and
 * its messages are the modules' own, zod's included. `yaml`, which reads the monitors file, is
 * bundled too; packages it does not bundle (undici, @pulumi/pulumi, ...) load from node_modules.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, pulumiUptimeBin } from "../support/repo-root";

const BIN = pulumiUptimeBin();
const dir = mkdtempSync(join(tmpdir(), "bin-bundles-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that prints, at exit, every file the process loaded through `require`. */
const LOADED = join(dir, "loaded.js");
writeFileSync(
  LOADED,
  `process.on("exit", () => process.stderr.write("\\nLOADED " + JSON.stringify(Object.keys(require.cache)) + "\\n"));\n`,
);

/** The files of this repository's own code among `loaded`: not under node_modules. */
const ours = (loaded: string[]) => loaded.filter((f) => f.startsWith(REPO) && !f.includes("node_modules")).sort();
/** A file of a package the bundles hold (zod, yaml), which they must not load from node_modules. */
const bundledPackage = (f: string) => /[/\\]node_modules[/\\](zod|yaml)[/\\]/.test(f);

function run(
  script: string,
  args: string[],
): { code: number | null; stdout: string; stderr: string; loaded: string[] } {
  const r = spawnSync(process.execPath, ["--require", LOADED, script, ...args], { encoding: "utf8", cwd: dir });
  const at = r.stderr.lastIndexOf("\nLOADED ");
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr.slice(0, at),
    loaded: (JSON.parse(r.stderr.slice(at + "\nLOADED ".length)) as string[]).filter((f) => f !== LOADED),
  };
}

describe("the installed command (package.json's bin)", () => {
  it("is dist/bin/pulumi-uptime.js, and each subcommand's help comes from its bundle", () => {
    expect(BIN).toBe(join(REPO, "dist", "bin", "pulumi-uptime.js"));
    for (const sub of ["export", "migrate", "test", "verify", "audit", "maintenance"]) {
      const r = run(BIN, [sub, "--help"]);
      expect(r.code, `${sub} --help: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: pulumi-uptime ${sub} `));
      expect(ours(r.loaded)).toEqual([BIN, join(REPO, "dist", "bin", `${sub}.js`)].sort());
      expect(r.loaded.filter(bundledPackage)).toEqual([]);
    }
  });

  it("keeps dist/cli/main.js, the bin before the bundles, runnable for the links npx cached to it", () => {
    // npx reuses the bin link it made for a checkout (~/.npm/_npx) without relinking it.
    if (process.platform !== "win32") expect(statSync(join(REPO, "dist", "cli", "main.js")).mode & 0o111).toBe(0o111);
    const r = spawnSync(join(REPO, "dist", "cli", "main.js"), ["--version"], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  });

  it("checks a monitors file with the modules' own messages, zod's English ones included, loading no zod or yaml file", () => {
    const file = join(dir, "monitors.yaml");
    writeFileSync(file, "monitors:\n  api:\n    name: [1, 2]\n    url: http://127.0.0.1:1/\n    requestHeaders: 5\n");
    const bundled = run(BIN, ["test", "--file", file]);
    const modules = run(join(REPO, "dist", "cli", "main.js"), ["test", "--file", file]);
    expect(bundled.code).toBe(2);
    expect(bundled.stderr).toContain("requestHeaders: Invalid input: expected array, received number");
    expect(bundled.stderr).toBe(modules.stderr);
    expect(modules.loaded.filter(bundledPackage).length).toBeGreaterThan(50);
    expect(bundled.loaded.filter(bundledPackage)).toEqual([]);
    expect(ours(bundled.loaded)).toEqual([BIN, join(REPO, "dist", "bin", "test.js")].sort());
  });
});
