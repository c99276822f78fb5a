/**
 * A platform whose standalone executable could not be built (macOS without a signer) gets the
 * Node.js launcher in its archive: that archive's name (and so its line in SHA256SUMS) and its
 * README say it needs Node.js, never the name of a Node-free archive; and the release refuses
 * to publish one unless told to, naming the platform and why.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "..", "..");
const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
interface Executable {
  name: string;
  out: string;
  bundle: string;
}
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS scripts without types */
const { archive, refuseLaunchers } = require(join(REPO, "scripts", "plugin-archives.js")) as {
  archive(executable: Executable, target: unknown, mtime: string): { out: string; build: { standalone: boolean } };
  refuseLaunchers(executables: Executable[], targets: unknown[], allowLauncher: boolean): string[];
};
const { TARGETS } = require(join(REPO, "scripts", "lib", "targets.js")) as { TARGETS: { id: string }[] };
/* eslint-enable @typescript-eslint/no-require-imports */

const mac = TARGETS.find((t) => t.id === "darwin-arm64")!;
const linux = TARGETS.find((t) => t.id === "linux-amd64")!;
const REASON = "rcodesign could not be built (scripts/build-rcodesign.sh): cargo not found";

// A stand-in for the command line's build: a bundle, and per-platform build records.
const root = mkdtempSync(join(tmpdir(), "uptime-launcher-archive-"));
const cli: Executable = { name: "pulumi-uptime", out: join(root, "cli-bin"), bundle: join(root, "pulumi-uptime.js") };
writeFileSync(cli.bundle, "console.log('bundle');\n");
for (const [target, standalone] of [
  [mac, false],
  [linux, true],
] as const) {
  mkdirSync(join(cli.out, target.id), { recursive: true });
  writeFileSync(
    join(cli.out, target.id, "build.json"),
    JSON.stringify({ target: target.id, standalone, reason: standalone ? "" : REASON }),
  );
}
const written: string[] = [];
afterAll(() => {
  for (const f of written) rmSync(f, { force: true });
  rmSync(root, { recursive: true, force: true });
});

describe("an archive holding the Node.js launcher", () => {
  it("is named …-requires-node.tar.gz, and its README says it needs Node.js and why", () => {
    const { out, build } = archive(cli, mac, "0");
    written.push(out);
    expect(build.standalone).toBe(false);
    expect(basename(out)).toBe(`pulumi-uptime-v${VERSION}-darwin-arm64-requires-node.tar.gz`);
    const dir = mkdtempSync(join(root, "x-"));
    execFileSync("tar", ["-xzf", out, "-C", dir]);
    expect(readdirSync(dir).sort()).toEqual(["LICENSE", "README.md", "pulumi-uptime", "pulumi-uptime.js"]);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme).toContain("could not be built for this release");
    expect(readme).toContain(REASON);
    expect(readme).toContain("must be Node.js 22.12.0 or later");
    expect(readme).not.toContain("needs no Node.js");
  });
});

describe("the release", () => {
  it("refuses a platform without a standalone executable, naming it and why", () => {
    expect(() => refuseLaunchers([cli], [linux, mac], false)).toThrow(
      `these platforms have no standalone executable, and their archives would need Node.js: pulumi-uptime darwin-arm64: ${REASON}.`,
    );
  });

  it("goes on when told to, and when every platform is standalone", () => {
    expect(refuseLaunchers([cli], [linux, mac], true)).toEqual([`pulumi-uptime darwin-arm64: ${REASON}`]);
    expect(refuseLaunchers([cli], [linux], false)).toEqual([]);
  });
});
