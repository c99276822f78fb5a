/**
 * The plugin as users get it: the tarball of `npm run plugin` installs with
 * `pulumi plugin install resource uptime <version> --file <tarball>` and then serves a
 * program that names no plugin path (found in PULUMI_HOME); the launcher, started through
 * a symlink from another directory, finds its code beside itself and prints its port.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest, type GetSchemaResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, PLUGIN_DIR, PLUGIN_LAUNCHER, REPO, ok, summary } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version as string;

describe("the plugin's tarball", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "yaml-import", server: srv });
    // The program names no plugin path: the engine must find the installed one.
    stack.editFile("Pulumi.yaml", (t) => t.replace(/^plugins:\n(?:[ ].*\n)+/m, ""));
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("installs with `pulumi plugin install` and runs a program from PULUMI_HOME", async () => {
    expect(readFileSync(join(stack.dir, "Pulumi.yaml"), "utf8")).not.toMatch(/plugins:/);
    // Pulumi's platform names, as scripts/build-plugin.js writes them.
    const os = ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[process.platform] ?? process.platform;
    const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch] ?? process.arch;
    const tarball = readdirSync(PLUGIN_DIR).find((f) => f === `pulumi-resource-uptime-v${version}-${os}-${arch}.tar.gz`);
    expect(tarball, `the tarball in ${PLUGIN_DIR}`).toBeDefined();
    ok(await stack.run(["plugin", "install", "resource", "uptime", version, "--file", join(PLUGIN_DIR, tarball!)]));
    const installed = join(stack.home, "plugins", `resource-uptime-v${version}`);
    // Real directories, not links into this checkout.
    expect(readdirSync(join(installed, "node_modules", "@grpc", "grpc-js"))).toContain("package.json");
    const ls = ok(await stack.run(["plugin", "ls", "--json"]));
    expect(JSON.parse(ls.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ name: "uptime", kind: "resource", version })]));

    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 2 });
    expect((await srv.api.monitors()).map((m) => m.name)).toEqual(["e2e import declared"]);
    ok(await stack.preview(["--expect-no-changes"]));
    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
  });
});

describe("the launcher", () => {
  it("started through a symlink from elsewhere, serves the plugin: info and schema", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uptime-launcher-"));
    const link = join(dir, "pulumi-resource-uptime");
    symlinkSync(PLUGIN_LAUNCHER, link);
    const child = spawn(link, [], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (b: Buffer) => {
          out += b.toString();
          if (out.includes("\n")) resolve(Number(out.trim()));
        });
        child.on("exit", (code) => reject(new Error(`launcher exited ${code} before printing a port`)));
      });
      expect(port).toBeGreaterThan(0);
      const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      const info = await new Promise<PluginInfo>((res, rej) => client.getPluginInfo(new Empty(), (e, r) => (e ? rej(e) : res(r))));
      expect(info.getVersion()).toBe(version);
      const schema = await new Promise<GetSchemaResponse>((res, rej) => client.getSchema(new GetSchemaRequest(), (e, r) => (e ? rej(e) : res(r))));
      expect(schema.getSchema()).toBe(readFileSync(join(REPO, "schema.json"), "utf8"));
      client.close();
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
