/**
 * The plugin as users get it: this machine's release archive (dist/release/, built by
 * `npm run plugin` and the test suite) installs with
 * `pulumi plugin install resource uptime <version> --file <archive>` and then serves a
 * program that names no plugin path (found in PULUMI_HOME), on a PATH with no `node`; the
 * local launcher (dist/plugin/), started through a symlink from another directory, finds
 * its code beside itself and prints its port.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_LAUNCHER, REPO, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { hostArchive, pathWithoutNode } from "./release-fixtures";
import { withStartedPlugin } from "./started-plugin";

const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version as string;

describe("the plugin's release archive", () => {
  const e2e = lifecycleStack();
  let noNode: ReturnType<typeof pathWithoutNode>;

  beforeAll(async () => {
    noNode = pathWithoutNode();
    const stack = await e2e.create({ project: "yaml-import", env: { PATH: noNode.path } });
    // The program names no plugin path: the engine must find the installed one.
    stack.editFile("Pulumi.yaml", (t) => t.replace(/^plugins:\n(?:[ ].*\n)+/m, ""));
  });
  afterAll(async () => {
    noNode?.dispose();
  });

  it("installs with `pulumi plugin install --file` and runs a program from PULUMI_HOME without Node.js", async () => {
    expect(readFileSync(join(e2e.stack.dir, "Pulumi.yaml"), "utf8")).not.toMatch(/plugins:/);
    ok(await e2e.stack.run(["plugin", "install", "resource", "uptime", version, "--file", hostArchive()]));
    const installed = join(e2e.stack.home, "plugins", `resource-uptime-v${version}`);
    // The standalone executable at the archive's root, with its README and licence.
    expect(readdirSync(installed).sort()).toEqual(["LICENSE", "README.md", "pulumi-resource-uptime"]);
    const ls = ok(await e2e.stack.run(["plugin", "ls", "--json"]));
    expect(JSON.parse(ls.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "uptime", kind: "resource", version })]),
    );

    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 2 });
    expect((await e2e.srv.api.monitors()).map((m) => m.name)).toEqual(["e2e import declared"]);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.destroy());
    expect(await e2e.srv.api.monitors()).toEqual([]);
  });
});

describe("the launcher", () => {
  it("started through a symlink from elsewhere, serves the plugin: info and schema", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uptime-launcher-"));
    const link = join(dir, "pulumi-resource-uptime");
    symlinkSync(PLUGIN_LAUNCHER, link);
    try {
      const served = await withStartedPlugin(link, dir, async (p) => {
        expect(p.port).toBeGreaterThan(0);
        return { version: await p.version(), schema: await p.schema() };
      });
      expect(served.version).toBe(version);
      expect(served.schema).toBe(readFileSync(join(REPO, "schema.json"), "utf8"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
