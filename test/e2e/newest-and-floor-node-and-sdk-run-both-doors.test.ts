/**
 * Both ends of what we support, each in a project outside the repository that installed the
 * packed tarball and the generated Node.js SDK (dist/sdk/nodejs, copied, not linked) beside
 * its own @pulumi/pulumi, run by the suite's CLI (v3.274.1) with that end's Node.js first on the PATH (the
 * language host, the dynamic providers and the plugin's launcher all run `node` from it):
 * - the newest: Node.js 24 LTS (scripts/ensure-node.js) and the newest @pulumi/pulumi on the
 *   registry: up, preview with no changes, an edit outside Pulumi found by refresh and put
 *   back by up, destroy;
 * - the floor we claim: the oldest Node.js of package.json's engines and the oldest
 *   @pulumi/pulumi of its peer range: up, preview with no changes, destroy.
 * One TypeScript program, one monitor through each door (fixtures/both-doors), whose outputs
 * say which Node.js and @pulumi/pulumi ran it.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  E2EStack,
  FIXTURES,
  PLUGIN_DIR,
  REPO,
  assertPluginBuilt,
  ensuredNodes,
  ok,
  secs,
  summary,
  type NodeRelease,
} from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { cleanCopy, npm, pack } from "./package";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const SDK = join(REPO, "dist", "sdk", "nodejs");

describe("the newest and the oldest Node.js and @pulumi/pulumi we support, through both doors", () => {
  let scratch: string;
  let tarball: string;
  /** Each end's own server, so that one end's failure leaves nothing in the other's way. */
  const servers: E2EServer[] = [];
  let newestNode: NodeRelease;
  let floorNode: NodeRelease;
  const stacks: E2EStack[] = [];

  beforeAll(async () => {
    assertPluginBuilt();
    if (!existsSync(join(SDK, "package.json"))) throw new Error("dist/sdk/nodejs is missing: run `npm run sdks`.");
    ({ newest: newestNode, floor: floorNode } = ensuredNodes());
    const copy = await cleanCopy();
    scratch = copy.scratch;
    tarball = await pack(copy.dir, scratch);
  }, 600_000);
  afterAll(async () => {
    for (const s of stacks) s.dispose();
    for (const srv of servers) await srv.close();
    if (scratch && !process.env.E2E_KEEP) rmSync(scratch, { recursive: true, force: true });
  });

  /** A project of the fixture with `pulumiVersion` installed, and its stack with `node` first on the PATH. */
  async function project(
    name: string,
    node: NodeRelease,
    pulumiVersion: string,
  ): Promise<{ stack: E2EStack; srv: E2EServer }> {
    const dir = join(scratch, name);
    mkdirSync(dir);
    cpSync(join(FIXTURES, "both-doors"), dir, { recursive: true });
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      `${readFileSync(join(dir, "Pulumi.yaml"), "utf8")}plugins:\n  providers:\n    - name: uptime\n      path: ${PLUGIN_DIR}\n`,
    );
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name,
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": pulumiVersion,
          "pulumi-uptime": `file:${tarball}`,
          "@pulumi-uptime/uptime": `file:${SDK}`,
          typescript: pkg.devDependencies.typescript,
          "@types/node": pkg.devDependencies["@types/node"],
        },
      }),
    );
    const started = Date.now();
    // --install-links: the SDK is copied in, so it resolves this project's @pulumi/pulumi, not the repo's.
    await npm(dir, ["install", "--install-links"]);
    console.log(`${name}: npm install in ${secs(Date.now() - started)}`);
    expect(lstatSync(join(dir, "node_modules", "@pulumi-uptime", "uptime")).isSymbolicLink()).toBe(false);
    expect(existsSync(join(dir, "node_modules", "@pulumi-uptime", "uptime", "node_modules", "@pulumi", "pulumi"))).toBe(
      false,
    );
    const srv = await startE2EServer();
    servers.push(srv);
    const stack = await E2EStack.create({
      project: dir,
      inPlace: true,
      configInProject: true,
      server: srv,
      pathFirst: [node.dir],
    });
    stacks.push(stack);
    return { stack, srv };
  }

  /** `up`: both monitors made, by the Node.js and @pulumi/pulumi of this end. */
  async function upBoth(
    { stack, srv }: { stack: E2EStack; srv: E2EServer },
    node: NodeRelease,
    pulumiVersion: string,
  ): Promise<number[]> {
    expect(summary(ok(await stack.up()).output)).toMatchObject({ create: 3 }); // the stack and two monitors
    const outputs = await stack.outputs();
    expect({ node: outputs.nodeVersion, pulumi: outputs.pulumiVersion }).toEqual({
      node: `v${node.version}`,
      pulumi: pulumiVersion,
    });
    expect((await srv.api.monitors()).map((m) => m.name).sort()).toEqual(["both doors: dynamic", "both doors: plugin"]);
    const writes = srv.server.writeCount();
    ok(await stack.preview(["--expect-no-changes"]));
    expect(srv.server.writeCount()).toBe(writes);
    return [Number(outputs.dynamicId), Number(outputs.pluginId)];
  }

  it("runs up, preview, refresh and destroy on Node.js 24 LTS with the newest @pulumi/pulumi", async () => {
    const started = Date.now();
    // The registry's newest, pinned: an install from a stale cache would take an older one.
    const latest = execFileSync("npm", ["view", "@pulumi/pulumi", "version"], { encoding: "utf8" }).trim();
    expect(newestNode.version).toMatch(/^24\./);
    const end = await project("newest", newestNode, latest);
    const { stack, srv } = end;
    const ids = await upBoth(end, newestNode, latest);
    for (const id of ids) await srv.api.patchMonitor(id, { interval: 600 });
    expect(summary(ok(await stack.refresh()).output)).toMatchObject({ update: 2 });
    expect(summary(ok(await stack.up()).output)).toMatchObject({ update: 2 });
    expect((await Promise.all(ids.map((id) => srv.api.monitor(id)))).map((m) => m!.interval)).toEqual([60, 300]);
    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
    console.log(`newest (Node.js ${newestNode.version}, @pulumi/pulumi ${latest}): ${secs(Date.now() - started)}`);
  }, 900_000);

  it("runs up, preview and destroy on the oldest Node.js and @pulumi/pulumi we claim", async () => {
    const started = Date.now();
    const oldest = /^\^(\d+\.\d+\.\d+)$/.exec(pkg.peerDependencies["@pulumi/pulumi"])![1];
    const end = await project("floor", floorNode, oldest);
    const { stack, srv } = end;
    await upBoth(end, floorNode, oldest);
    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
    console.log(`floor (Node.js ${floorNode.version}, @pulumi/pulumi ${oldest}): ${secs(Date.now() - started)}`);
  }, 900_000);
});
