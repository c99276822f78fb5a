/**
 * Bad input on the release server, met by the real CLI with automatic plugin acquisition on:
 * a corrupt archive, a truncated one, a checksum that does not match, and a wrong platform
 * (no archive for this machine's; an archive whose executable is for another). Each fails
 * with a message naming the file (or the plugin and version) and the cause, and leaves nothing
 * in the plugin cache that a later command would use: a good archive afterwards installs and
 * runs.
 */
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, failed, ok, summary } from "./harness";
import {
  VERSION,
  archiveName,
  hostArchive,
  startReleaseRig,
  uptimePluginEntries,
  type ReleaseRig,
} from "./release-fixtures";

const PROGRAM = `name: bad-release
runtime: yaml
resources:
  site:
    type: uptime:index:Monitor
    properties:
      name: bad release site
      url: https://bad-release.example.com/
      interval: 60
    options:
      version: ${VERSION}
      pluginDownloadURL: github://api.github.com/pulumi-uptime
`;

/** A .tar.gz of one file named as the plugin's executable, holding `bytes`. */
function archiveOf(bytes: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "uptime-bad-archive-"));
  try {
    writeFileSync(join(dir, "pulumi-resource-uptime"), bytes, { mode: 0o755 });
    return execFileSync("tar", ["-czf", "-", "-C", dir, "pulumi-resource-uptime"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a bad release archive", () => {
  let rig: ReleaseRig;
  let good: Buffer;
  const asset = archiveName();
  const installed = `resource-uptime-v${VERSION}`;

  beforeAll(async () => {
    good = readFileSync(hostArchive());
    rig = await startReleaseRig();
  });
  afterAll(() => rig?.close());

  /** A fresh PULUMI_HOME and stack of the program, downloading from the release server. */
  const stackOf = () =>
    E2EStack.create({ project: "bad-release", files: { "Pulumi.yaml": PROGRAM }, server: rig.srv, env: rig.env() });

  /** After a failure: the good archive served again, `up` installs it (replacing any leftover) and runs. */
  async function recovers(stack: E2EStack, stackCreated = true): Promise<void> {
    rig.release.setAsset(asset, good);
    const up = ok(await stack.up());
    // A failed `up` already created the stack resource.
    expect(summary(up.output)).toMatchObject({ create: stackCreated ? 1 : 2 });
    expect((await rig.srv.api.monitors()).map((m) => m.name)).toEqual(["bad release site"]);
    expect(uptimePluginEntries(stack.home)).toEqual([installed, `${installed}.lock`]);
    ok(await stack.destroy());
    expect(await rig.srv.api.monitors()).toEqual([]);
  }

  /** What a failed extraction leaves: no monitor, and the CLI's `.partial` marker beside the directory, so no command uses it. */
  async function leftMarkedPartial(stack: E2EStack): Promise<void> {
    expect(await rig.srv.api.monitors()).toEqual([]);
    expect(uptimePluginEntries(stack.home)).toEqual([installed, `${installed}.lock`, `${installed}.partial`]);
    const ls = ok(await stack.run(["plugin", "ls", "--json"]));
    expect(JSON.parse(ls.stdout || "[]")).toEqual([]);
  }

  /** Serves `archive` as this platform's asset (none: `undefined`), then runs `test` on a fresh stack. */
  async function withServed(archive: Buffer | undefined, test: (stack: E2EStack) => Promise<void>): Promise<void> {
    rig.release.setAsset(asset, archive);
    const stack = await stackOf();
    try {
      await test(stack);
    } finally {
      stack.dispose();
    }
  }

  /** Nothing but the lock left in the plugin cache. */
  const nothingCached = (stack: E2EStack) =>
    expect(uptimePluginEntries(stack.home).filter((e) => !e.endsWith(".lock"))).toEqual([]);

  /** `pulumi plugin install` of this version from the release server, expecting the archive's sum to be `sum`. */
  const installChecking = (stack: E2EStack, sum: string) =>
    stack.run(["plugin", "install", "resource", "uptime", VERSION, "--server", rig.release.url, "--checksum", sum]);

  it("corrupt (not gzip): up fails naming the plugin, its version and the cause; the leftover is marked partial", () =>
    withServed(randomBytes(4096), async (stack) => {
      const up = failed(await stack.up());
      expect(up.output).toContain(
        "Could not automatically download and install resource plugin 'pulumi-resource-uptime' at version v0.1.0",
      );
      expect(up.output).toContain("error installing provider uptime: uncompressing: gzip: invalid header");
      await leftMarkedPartial(stack);
      await recovers(stack);
    }));

  it("truncated: up fails naming the file being unpacked and `unexpected EOF`; the leftover is marked partial", () =>
    withServed(good.subarray(0, Math.floor(good.length / 2)), async (stack) => {
      const up = failed(await stack.up());
      const unpacked = `\\S*/plugins/${installed}/pulumi-resource-uptime`;
      expect(up.output).toMatch(
        new RegExp(`error installing provider uptime: untarring file ${unpacked}: unexpected EOF`),
      );
      await leftMarkedPartial(stack);
      await recovers(stack);
    }));

  it("checksum mismatch (`pulumi plugin install --checksum`): fails naming the expected sum, writes nothing; the right sum installs", () =>
    withServed(good, async (stack) => {
      const wrong = createHash("sha256").update("not the archive").digest("hex");
      const r = failed(await installChecking(stack, wrong));
      expect(r.output).toContain(
        `downloading from ${rig.release.url}: failed to download plugin: uptime-${VERSION}: invalid checksum, expected ${wrong}, actual `,
      );
      nothingCached(stack);
      // The archive's own sum installs it (CLI v3.248.0 refused even that: its checksum reader
      // dropped the bytes of the read that ended the download; fixed before v3.274.1).
      const right = createHash("sha256").update(good).digest("hex");
      ok(await installChecking(stack, right));
      expect(uptimePluginEntries(stack.home)).toEqual([installed, `${installed}.lock`]);
      await recovers(stack, false);
    }));

  it("no archive for this platform: up fails naming the archive's URL and the 404; nothing is written to the cache", () =>
    withServed(undefined, async (stack) => {
      const up = failed(await stack.up());
      expect(up.output).toContain(`404 HTTP error fetching plugin from ${rig.release.url}/${asset}`);
      nothingCached(stack);
      await recovers(stack);
    }));

  it("another platform's executable under this platform's name: up fails naming the executable and `exec format error`", () =>
    // A Mach-O arm64 header: what a darwin-arm64 build starts with. The CLI cannot tell before
    // running it, so it stays installed: the release build checks every executable's format
    // (scripts/build-standalone.js), and `pulumi plugin rm` clears it.
    withServed(
      archiveOf(Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x0c, 0x00, 0x00, 0x01]), Buffer.alloc(4088)])),
      async (stack) => {
        const up = failed(await stack.up());
        expect(up.output).toMatch(
          new RegExp(`fork/exec \\S*/plugins/${installed}/pulumi-resource-uptime: exec format error`),
        );
        expect(await rig.srv.api.monitors()).toEqual([]);
        ok(await stack.run(["plugin", "rm", "resource", "uptime", VERSION, "--yes"]));
        await recovers(stack);
      },
    ));
});
