/**
 * `npm run release` refuses to build when the parts of the release state different versions:
 * a copy of the files that state one (package.json, schema.json, each SDK's manifests), one at
 * a time set to another version, must fail the check naming that file and both versions.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const REPO = resolve(__dirname, "..", "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { checkVersions, declaredVersions } = require(join(REPO, "scripts", "lib", "versions.js")) as {
  checkVersions(executable: string | undefined, root: string): Promise<string>;
  declaredVersions(root: string): [string, string | undefined][];
};
const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
const FILES = [
  "package.json",
  "schema.json",
  "sdk/nodejs/package.json",
  "sdk/python/pyproject.toml",
  "sdk/python/pulumi_uptime/pulumi-plugin.json",
  "sdk/go/uptime/pulumi-plugin.json",
  "sdk/dotnet/version.txt",
  "sdk/dotnet/PulumiUptime.Uptime.csproj",
  "sdk/dotnet/pulumi-plugin.json",
  "sdk/java/pom.xml",
  "sdk/java/src/main/resources/io/github/pulumiuptime/uptime/version.txt",
  "sdk/java/src/main/resources/io/github/pulumiuptime/uptime/plugin.json",
];

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A copy of the version-bearing files of this checkout. */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), "uptime-versions-"));
  dirs.push(dir);
  for (const f of FILES) cpSync(join(REPO, f), join(dir, f), { recursive: true });
  return dir;
}

describe("the release's version check", () => {
  it("passes on this checkout, where every part says package.json's version", async () => {
    expect(declaredVersions(REPO).map(([, v]) => v)).toEqual(Array(declaredVersions(REPO).length).fill(VERSION));
    await expect(checkVersions(undefined, REPO)).resolves.toBe(VERSION);
  });

  it.each(FILES.slice(1))("fails naming %s when it says another version", async (file) => {
    const dir = copy();
    const path = join(dir, file);
    const text = readFileSync(path, "utf8");
    const changed = text.replace(VERSION, "9.9.9");
    expect(changed).not.toBe(text);
    writeFileSync(path, changed);
    await expect(checkVersions(undefined, dir)).rejects.toThrow(
      new RegExp(
        `versions disagree: package.json says ${VERSION.replace(/\./g, "\\.")}, but ${file.replace(/\./g, "\\.")}[^;]* says 9\\.9\\.9`,
      ),
    );
  });
});
