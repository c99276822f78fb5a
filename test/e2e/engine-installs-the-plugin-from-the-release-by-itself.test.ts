/**
 * The release as users get it: with automatic plugin acquisition on (the harness turns it
 * off elsewhere) and the CLI's downloads from the schema's `pluginDownloadURL`
 * (github://api.github.com/pulumi-uptime) sent to a loopback server laid out as the GitHub
 * release, `pulumi up` of a YAML program with no `plugins:` block and of the Go example
 * installs the standalone plugin by itself and runs it, on a PATH with no `node`.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, REPO, WORK, ok, summary } from "./harness";
import { compileExample, exampleLiterals } from "./examples";
import { VERSION, archiveName, startReleaseRig, uptimePluginEntries, type ReleaseRig } from "./release-fixtures";

/** A YAML program naming the package's version and download URL, as the README tells users to. */
const YAML_PROGRAM = `name: release-yaml
runtime: yaml
description: A monitor declared with no plugins block.
resources:
  site:
    type: uptime:index:Monitor
    properties:
      name: release yaml site
      url: https://release.example.com/
      interval: 60
    options:
      version: ${VERSION}
      pluginDownloadURL: github://api.github.com/pulumi-uptime
outputs:
  id: \${site.id}
`;

describe("the engine installs the plugin from the release by itself", () => {
  let rig: ReleaseRig;

  beforeAll(async () => {
    rig = await startReleaseRig();
  });
  afterAll(() => rig?.close());

  const assetPath = `/pulumi-uptime/pulumi-uptime/releases/download/v${VERSION}/${archiveName()}`;

  it("a YAML program with no plugins block: up downloads, installs and runs it; preview and destroy reuse it", async () => {
    const stack = await E2EStack.create({
      project: "release-yaml",
      files: { "Pulumi.yaml": YAML_PROGRAM },
      server: rig.srv,
      env: rig.env(),
    });
    try {
      expect(uptimePluginEntries(stack.home)).toEqual([]);
      const up = ok(await stack.up());
      expect(up.output).toMatch(/Downloading plugin uptime-0\.1\.0: done/);
      expect(summary(up.output)).toMatchObject({ create: 2 });
      expect(rig.release.requests.filter((p) => p === assetPath)).toHaveLength(1);
      // Installed whole: the executable, nothing marked partial (the CLI keeps its lock file).
      expect(uptimePluginEntries(stack.home)).toEqual([
        `resource-uptime-v${VERSION}`,
        `resource-uptime-v${VERSION}.lock`,
      ]);
      const installed = join(stack.home, "plugins", `resource-uptime-v${VERSION}`);
      expect(readFileSync(join(installed, "pulumi-resource-uptime")).subarray(0, 4).toString("latin1")).toBe("\x7fELF");
      const [monitor] = await rig.srv.api.monitors();
      expect(monitor).toMatchObject({ name: "release yaml site", url: "https://release.example.com/" });
      expect(await stack.outputs()).toEqual({ id: String(monitor.id) });

      ok(await stack.preview(["--expect-no-changes"]));
      ok(await stack.destroy());
      expect(await rig.srv.api.monitors()).toEqual([]);
      // Downloaded once: later commands found it installed.
      expect(rig.release.requests.filter((p) => p === assetPath)).toHaveLength(1);
    } finally {
      stack.dispose();
    }
  });

  it("the Go example, its plugins block removed: the Go SDK names the plugin and where to download it", async () => {
    // A copy, so that the checkout's example keeps its local plugins block.
    const dir = join(WORK, `release-go-${process.pid}-${Date.now()}`);
    mkdirSync(WORK, { recursive: true });
    cpSync(join(REPO, "examples", "go"), dir, { recursive: true, filter: (s) => !s.endsWith("/bin") });
    const yaml = readFileSync(join(dir, "Pulumi.yaml"), "utf8").replace(/^#.*\n#.*\nplugins:\n(?:[ ].*\n)+/m, "");
    expect(yaml).not.toMatch(/plugins:/);
    writeFileSync(join(dir, "Pulumi.yaml"), yaml);
    // The generated SDK in this checkout, as the example's own go.mod replaces it (relative there).
    writeFileSync(
      join(dir, "go.mod"),
      readFileSync(join(dir, "go.mod"), "utf8").replace("=> ../../sdk/go", `=> ${join(REPO, "sdk", "go")}`),
    );
    await compileExample(dir);
    const before = rig.release.requests.length;
    const stack = await E2EStack.create({
      project: dir,
      inPlace: true,
      configInProject: true,
      server: rig.srv,
      config: exampleLiterals(join(REPO, "examples", "go"), "which this test does not start"),
      env: { ...rig.env(), GOFLAGS: "-buildvcs=false" },
    });
    try {
      const up = ok(await stack.up());
      expect(up.output).toMatch(/Downloading provider: uptime/);
      expect(summary(up.output)).toMatchObject({ create: 4 });
      expect(rig.release.requests.slice(before)).toContain(assetPath);
      expect((await rig.srv.api.monitors()).map((m) => m.name).sort()).toEqual([
        "Go example: API health",
        "Go example: home page",
      ]);
      ok(await stack.preview(["--expect-no-changes"]));
      ok(await stack.destroy());
      expect(await rig.srv.api.monitors()).toEqual([]);
    } finally {
      stack.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
