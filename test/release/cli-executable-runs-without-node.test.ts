/**
 * The command line as its release archive ships it: this machine's `pulumi-uptime`
 * standalone executable (scripts/build-standalone.js host, reused when nothing changed) in
 * its `pulumi-uptime-v<version>-<os>-<arch>.tar.gz` (scripts/plugin-archives.js), unpacked
 * elsewhere and run on a PATH with no `node`: its version, its help, and a real export from a
 * local server.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";
import { pathWithoutNode } from "../e2e/release-fixtures";

const REPO = resolve(__dirname, "..", "..");
const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS scripts without types */
const { CLI, EXECUTABLES } = require(join(REPO, "scripts", "build-standalone.js")) as {
  CLI: { name: string };
  EXECUTABLES: { name: string }[];
};
const { archive, sourceDateEpoch } = require(join(REPO, "scripts", "plugin-archives.js")) as {
  archive(executable: unknown, target: unknown, mtime: string): { out: string; build: { standalone: boolean } };
  sourceDateEpoch(): string;
};
const { TARGETS, hostTargetId, archiveName } = require(join(REPO, "scripts", "lib", "targets.js")) as {
  TARGETS: { id: string; os: string; arch: string }[];
  hostTargetId(): string;
  archiveName(version: string, target: unknown, name?: string): string;
};
/* eslint-enable @typescript-eslint/no-require-imports */

describe("the pulumi-uptime executable from its release archive, without Node.js", () => {
  let dir: string;
  let exe: string;
  let noNode: ReturnType<typeof pathWithoutNode>;
  let server: UptimeServer;
  // Not spawnSync: the local server runs in this process and must answer meanwhile.
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(exe, args, { cwd: dir, env: { PATH: noNode.path, HOME: dir, ...env } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
      child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
      child.on("close", (status) => done({ status, stdout, stderr }));
    });

  beforeAll(async () => {
    execFileSync(process.execPath, [join(REPO, "scripts", "build-standalone.js"), "host"], { stdio: "ignore" });
    const host = TARGETS.find((t) => t.id === hostTargetId())!;
    const { out, build } = archive(CLI, host, sourceDateEpoch());
    expect(build.standalone).toBe(true);
    expect(basename(out)).toBe(`pulumi-uptime-v${VERSION}-${hostTargetId()}.tar.gz`);
    dir = mkdtempSync(join(tmpdir(), "uptime-cli-exe-"));
    execFileSync("tar", ["-xzf", out, "-C", dir]);
    exe = join(dir, "pulumi-uptime");
    noNode = pathWithoutNode();
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    noNode?.dispose();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("holds the executable, its README and the LICENSE", () => {
    expect(readdirSync(dir).sort()).toEqual(["LICENSE", "README.md", "pulumi-uptime"]);
    expect(readFileSync(join(dir, "README.md"), "utf8")).toMatch(/needs no Node\.js installed/);
  });

  it("prints package.json's version, its help and a subcommand's help", async () => {
    const version = await run(["--version"]);
    expect(version.stderr).toBe("");
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`${VERSION}\n`);
    const help = await run(["--help"]);
    expect(help.status).toBe(0);
    for (const command of ["export", "test", "verify", "audit"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const audit = await run(["audit", "--help"]);
    expect(audit.status).toBe(0);
    expect(audit.stdout).toMatch(/^Usage: pulumi-uptime audit/);
  });

  it("exports an account's monitors as the GitOps monitors file", async () => {
    const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
    await client.monitors.create({ name: "standalone export", url: "https://example.com/health", interval: 300 });
    await client.close();
    const exported = await run(["export", "--format", "yaml"], {
      UPTIME_BASE_URL: server.url,
      UPTIME_API_KEY: DEFAULT_API_KEY,
    });
    expect(exported.stderr).toBe("");
    expect(exported.status).toBe(0);
    const doc = parseYaml(exported.stdout) as { monitors: Record<string, unknown> };
    expect(doc.monitors).toEqual({
      "standalone-export": {
        adopt: true,
        interval: 300,
        name: "standalone export",
        url: "https://example.com/health",
      },
    });
  });
});

describe("the release's archive names", () => {
  it("has one archive of the plugin and one of the command line per platform", () => {
    const names = EXECUTABLES.flatMap((e) => TARGETS.map((t) => archiveName(VERSION, t, e.name)));
    expect(names).toContain(`pulumi-uptime-v${VERSION}-windows-amd64.tar.gz`);
    expect(names).toContain(`pulumi-resource-uptime-v${VERSION}-darwin-arm64.tar.gz`);
    expect(new Set(names).size).toBe(2 * TARGETS.length);
  });
});
