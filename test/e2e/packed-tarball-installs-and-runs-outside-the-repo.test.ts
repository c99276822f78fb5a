/**
 * The package as a user installs it. `npm pack` of a clean copy of the checkout (no dist/)
 * must give a complete tarball: built code, no lifecycle script whose file is not shipped,
 * and PGlite (the local server's 27 MB database) only as an optional peer dependency. That
 * tarball, installed with @pulumi/pulumi into a fresh directory outside the repository,
 * runs `pulumi up` / `preview` / `destroy` of a small program under the real engine against
 * the local server, and its provider plugin (dist/plugin, started by its launcher as the
 * engine would) serves the package schema over gRPC. Without PGlite, `uptime-server` fails naming the exact install command;
 * after running that command it serves.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, FIXTURES, REPO, leaks, ok, summary } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { cleanCopy, freshProject, npm, pack } from "./package";
import { entries, missingRequires } from "./install-contents";
import { withStartedPlugin } from "./started-plugin";
import { runCli, startCli } from "../support/cli";
import { closedPort } from "../support/closed-port";

const SLACK = "https://hooks.slack.com/services/T000/B000/packed-e2e-secret";

describe("the packed tarball, installed outside the repository", () => {
  let scratch: string;
  let tarball: string;
  let consumer: string;
  let srv: E2EServer;
  let stack: E2EStack | undefined;

  beforeAll(async () => {
    const copy = await cleanCopy();
    scratch = copy.scratch;
    expect(existsSync(join(copy.dir, "dist")), "the copy starts without dist/").toBe(false);
    tarball = await pack(copy.dir, scratch);
    srv = await startE2EServer();
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
    if (scratch && !process.env.E2E_KEEP) rmSync(scratch, { recursive: true, force: true });
  });

  it("holds the built code and a package.json whose scripts and dependencies fit an install", () => {
    const files = execFileSync("tar", ["-tzf", tarball]).toString().split("\n").filter(Boolean);
    for (const f of [
      "dist/index.js",
      "dist/index.d.ts",
      "dist/dynamic/runtime.js",
      "dist/server/index.js",
      "dist/server/cli.js",
      "dist/cli/main.js",
      "dist/bin/pulumi-uptime.js",
      "dist/bin/test.js",
      "dist/plugin/main.js",
      "dist/plugin/pulumi-resource-uptime",
      "README.md",
      "package.json",
    ]) {
      expect(files, f).toContain(`package/${f}`);
    }
    expect(
      files.filter(
        (f) => f.startsWith("package/src/") || f.startsWith("package/test/") || f.startsWith("package/dist/demo/"),
      ),
    ).toEqual([]);
    const pkg = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"]).toString()) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
      repository?: unknown;
      homepage?: string;
      bugs?: unknown;
    };
    // Every file a lifecycle script runs is in the tarball (npm runs prepare for git installs).
    for (const [name, command] of Object.entries(pkg.scripts ?? {})) {
      if (!/^(pre|post)?(install|prepare|pack|publish)$/.test(name)) continue;
      for (const m of command.matchAll(/\bnode\s+(\S+\.js)\b/g))
        expect(files, `${name} runs ${m[1]}`).toContain(`package/${m[1]}`);
    }
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain("@electric-sql/pglite");
    expect(pkg.peerDependencies?.["@electric-sql/pglite"]).toBeTruthy();
    expect(pkg.peerDependenciesMeta?.["@electric-sql/pglite"]?.optional).toBe(true);
    expect(pkg.repository && pkg.homepage && pkg.bugs).toBeTruthy();
  });

  it("installs with @pulumi/pulumi into a fresh directory, without PGlite", async () => {
    const pulumiVersion = (
      JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { devDependencies: Record<string, string> }
    ).devDependencies["@pulumi/pulumi"];
    consumer = freshProject(scratch, {
      "package.json": JSON.stringify(
        {
          name: "packed-consumer",
          private: true,
          main: "index.js",
          dependencies: { "@pulumi/pulumi": pulumiVersion, "pulumi-uptime": `file:${tarball}` },
        },
        null,
        2,
      ),
    });
    for (const f of ["Pulumi.yaml", "index.js"]) copyFileSync(join(FIXTURES, "packed", f), join(consumer, f));
    const install = await npm(consumer, ["install"]);
    expect(install.stderr).not.toMatch(/ENOENT|not found|missing script/i);
    expect(
      entries(join(consumer, "node_modules", "@electric-sql")),
      "PGlite is not installed for monitor users",
    ).not.toContain("pglite");
    const installed = join(consumer, "node_modules", "pulumi-uptime");
    // The key every stored dynamic provider requires resolves in the installed package.
    expect(createRequire(join(consumer, "index.js")).resolve("pulumi-uptime/runtime")).toBe(
      join(installed, "dist", "dynamic", "runtime.js"),
    );
    // The command as npm links it: node_modules/.bin/pulumi-uptime, run by its own #! line.
    const version = execFileSync(join(consumer, "node_modules", ".bin", "pulumi-uptime"), ["--version"])
      .toString()
      .trim();
    expect(version).toBe(
      (JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { version: string }).version,
    );
  });

  it("runs `pulumi-uptime test` from the installed bin's bundles: a file read, checked and probed", async () => {
    const installed = join(consumer, "node_modules", "pulumi-uptime");
    expect(missingRequires(installed, join(installed, "dist", "bin")), "modules dist/bin requires").toEqual([]);
    const port = await closedPort();
    const file = join(consumer, "monitors.yaml");
    const run = (yaml: string) => {
      writeFileSync(file, yaml);
      const r = spawnSync(join(consumer, "node_modules", ".bin", "pulumi-uptime"), ["test", "--file", file, "--json"], {
        cwd: consumer,
        encoding: "utf8",
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const refused = run(
      `monitors:\n  api:\n    name: api\n    url: http://127.0.0.1:${port}/health\n    interval: 60\n`,
    );
    expect(refused.code, refused.stderr).toBe(1);
    const results = (JSON.parse(refused.stdout) as { results: { name: string; outcome: string; reason: string }[] })
      .results;
    expect(results).toEqual([expect.objectContaining({ name: "api", outcome: "alert" })]);
    expect(results[0].reason).toMatch(/ECONNREFUSED/);
    // A bad field is refused before any check, named with its allowed values, in English.
    const bad = run(`monitors:\n  api:\n    name: api\n    url: http://127.0.0.1:${port}/\n    interval: 45\n`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/entry 1 \("api"\): interval: 45 is not one of 60, /);
  });

  it("has every module its plugin requires, and the plugin started by its launcher serves the schema", async () => {
    const installed = join(consumer, "node_modules", "pulumi-uptime");
    expect(missingRequires(installed, join(installed, "dist", "plugin")), "modules dist/plugin requires").toEqual([]);
    // Started as the engine starts a plugin named by `plugins.providers` path: the launcher, which prints the port.
    const text = await withStartedPlugin(join(installed, "dist", "plugin", "pulumi-resource-uptime"), consumer, (p) =>
      p.schema(),
    );
    type Schema = { name: string; version: string; resources: Record<string, unknown> };
    const served = JSON.parse(text) as Schema;
    const repo = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8")) as Schema;
    expect({ name: served.name, version: served.version }).toEqual({ name: repo.name, version: repo.version });
    expect(Object.keys(served.resources).sort()).toEqual(Object.keys(repo.resources).sort());
    expect(served.resources).toEqual(repo.resources);
    expect(text).toBe(readFileSync(join(REPO, "schema.json"), "utf8"));
  });

  it("runs up, preview and destroy of a program under the real engine", async () => {
    stack = await E2EStack.create({
      project: consumer,
      inPlace: true,
      server: srv,
      config: { slackWebhookUrl: { value: SLACK, secret: true } },
    });
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 3 }); // the stack, the monitor, the incident
    const monitors = await srv.api.monitors();
    expect(monitors.map((m) => m.name)).toEqual(["packed api"]);
    expect(await srv.api.incidents()).toHaveLength(1);
    const writes = srv.server.writeCount();
    ok(await stack.preview(["--expect-no-changes"]));
    expect(srv.server.writeCount()).toBe(writes);
    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
    expect(leaks(stack.allOutput(), [SLACK, srv.apiKey])).toEqual([]);
  });

  it("has uptime-server fail without PGlite, naming the command that installs it; after that command it serves", async () => {
    const cli = join(consumer, "node_modules", "pulumi-uptime", "dist", "server", "cli.js");
    const missing = await runCli(["--port", "0"], {}, cli);
    expect(missing.code).toBe(1);
    const command = /npm install --save-dev @electric-sql\/pglite@\S+/.exec(missing.stderr)?.[0];
    expect(command, missing.stderr).toBeTruthy();
    expect(missing.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

    await npm(consumer, command!.split(" ").slice(1));
    expect(entries(join(consumer, "node_modules", "@electric-sql"))).toContain("pglite");
    const running = await startCli(["--port", "0", "--quiet"], {}, 60_000, cli);
    try {
      const res = await fetch(`${running.url}/api/v1/monitors`, {
        headers: { Authorization: "Bearer uptime-local-dev-key", Accept: "application/json" },
      });
      expect(res.status).toBe(200);
    } finally {
      running.proc.kill("SIGTERM");
      await running.exited;
    }
  });
});
