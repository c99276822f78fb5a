#!/usr/bin/env node
/**
 * `npm run demo`: the project's main job. Serves a small site on 127.0.0.1, starts the
 * local server on a data directory, runs `pulumi up` of the root program (monitors of
 * that site) against it with a local file backend, has the server check every monitor
 * once, and prints what now exists: the healthy page online, the failing endpoint offline
 * with the incident the check opened. A second run changes nothing and says so.
 *
 * Checks run once, after `up`, rather than on a schedule: a check racing `up` could open
 * an incident on a monitor before the program stores its own (a monitor holds one ongoing
 * incident at a time). Only loopback targets are checked.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { UptimeClient } from "../client/client";
import { DEFAULT_API_KEY, startUptimeServer } from "../server";
import { startDemoSite } from "./site";
import { incidentTable, monitorTable } from "./tables";

const root = resolve(__dirname, "..", "..");
const work = resolve(process.env.UPTIME_DEMO_DIR ?? join(root, ".uptime"));

function pulumiOnPath(): string | undefined {
  const r = spawnSync("pulumi", ["version"], { encoding: "utf8" });
  return r.status === 0 ? "pulumi" : undefined;
}

function pulumiBinary(): string {
  const built = join(root, ".tools", "pulumi", "bin", "pulumi");
  if (existsSync(built)) return built;
  const onPath = pulumiOnPath();
  if (onPath) return onPath;
  console.log("No pulumi on PATH: building it from Go modules (scripts/build-pulumi.sh)...");
  execFileSync("bash", [join(root, "scripts", "build-pulumi.sh")], { stdio: "inherit" });
  return built;
}

async function main(): Promise<void> {
  mkdirSync(join(work, "state"), { recursive: true });
  mkdirSync(join(work, "pulumi-home"), { recursive: true });
  const site = await startDemoSite(work);
  const server = await startUptimeServer({
    port: 0,
    dataDir: join(work, "data"),
    checks: { schedule: false, loopbackOnly: true },
  }).catch(async (err) => {
    await site.close();
    throw err;
  });
  try {
    const pulumi = pulumiBinary();
    const env = {
      ...process.env,
      PATH: [join(root, ".tools", "pulumi", "bin"), process.env.PATH].join(delimiter),
      PULUMI_HOME: join(work, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${join(work, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "uptime-demo",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      // The server's port changes every run: hand it over by environment, not stack config.
      UPTIME_BASE_URL: server.url,
      UPTIME_API_KEY: DEFAULT_API_KEY,
      // The site's URL is the same every run (its port is kept in the work directory).
      UPTIME_DEMO_SITE: site.url,
    };
    // Asynchronous on purpose: the server runs in this process and must keep answering.
    const run = (args: string[], quiet = false) =>
      new Promise<string>((resolvePromise, reject) => {
        const child = spawn(pulumi, [...args, "--non-interactive", "--color", "never"], { cwd: root, env });
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d;
          if (!quiet) process.stdout.write(d);
        });
        child.stderr.on("data", (d: Buffer) => (err += d));
        child.on("error", reject);
        child.on("close", (code) => {
          if (code === 0) return resolvePromise(out);
          if (quiet) process.stdout.write(out);
          process.stderr.write(err);
          reject(new Error(`pulumi ${args[0]} failed (exit ${code})`));
        });
      });
    // The stack's config file (its encryption salt) lives with the demo's state, not in the checkout.
    const configFile = join(work, "Pulumi.demo.yaml");
    const written = join(root, "Pulumi.demo.yaml");
    const existed = existsSync(written);
    await run(["stack", "select", "--create", "demo"], true);
    if (!existed && existsSync(written)) renameSync(written, configFile);
    const stackArgs = ["--config-file", configFile];
    const preview = JSON.parse(await run(["preview", "--json", ...stackArgs], true)) as {
      changeSummary?: Record<string, number>;
    };
    const changes = Object.entries(preview.changeSummary ?? {}).filter(([op, n]) => op !== "same" && n > 0);
    if (changes.length === 0) {
      console.log("Nothing to change: the service already matches the program.\n");
    } else {
      console.log(`Applying: ${changes.map(([op, n]) => `${n} to ${op}`).join(", ")}\n`);
      await run(["up", "--yes", "--skip-preview", ...stackArgs]);
    }
    const round = await server.runChecks();
    console.log(`Checked ${round.checked} monitors of ${site.url}: ${round.up} up, ${round.down} down.\n`);
    const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
    try {
      const monitors = [];
      for await (const m of client.monitors.all({ sort_by: "name", sort: "asc" })) monitors.push(m);
      const incidents = [];
      for await (const i of client.incidents.all()) incidents.push(i);
      console.log(monitorTable(monitors));
      console.log();
      console.log(incidentTable(incidents, monitors));
    } finally {
      await client.close();
    }
  } finally {
    await server.close();
    await site.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
