/**
 * B11's backend: `stacks` stacks of `perStack` monitors each on one file backend, every
 * monitor in one account. Running `up` 100 times would take most of an hour, so one stack is
 * deployed by the real engine and the others are made from its export: `pulumi stack init`,
 * then `pulumi stack import` of that state with the stack's name in every URN and, for each
 * monitor, the id, name and url of a monitor created in the account through the client. Every
 * stack's state is thus a real engine's checkpoint, and every monitor it names exists once.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UptimeClient } from "pulumi-uptime";
import { ok } from "./common";
import { fixtureMonitorBody } from "./monitor-body";
import { BenchStack, buildFixture, FIXTURES, PULUMI_BIN, type RunResult } from "./pulumi";
import { ChildServer } from "./server";

/** The project of the monitors fixture (its Pulumi.yaml). */
const PROJECT = "bench-monitors";
const MONITOR_TYPE = "pulumi-nodejs:dynamic/uptime:Monitor";

export interface AuditFleet {
  server: ChildServer;
  /** The CLI's environment: the backend, PULUMI_HOME, no passphrase (the audit needs none). */
  env: NodeJS.ProcessEnv;
  /** Fully qualified names, `organization/bench-monitors/<stack>`. */
  stacks: string[];
  /** How long the real `up` and the imports took. */
  upMs: number;
  importMs: number;
  dispose(): Promise<void>;
}

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}
interface Exported {
  version: number;
  deployment: { resources: ExportedResource[] } & Record<string, unknown>;
}

/** Runs `pulumi args` in `cwd` with `env`; a failure throws with the CLI's output. */
function pulumi(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(join(PULUMI_BIN, "pulumi"), [...args, "--non-interactive"], { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve(ok({ args, code: code ?? -1, stdout, stderr, ms: Date.now() - started }, `pulumi ${args[0]} ${args[1]}`)),
    );
  });
}

/** Runs `work(i)` for i < count, `parallel` at a time. */
async function eachOf(count: number, parallel: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** The deployed state, as stack `stack` holding `monitors` (index i: the fixture's `m<i>`). */
function derive(
  base: Exported,
  baseStack: string,
  stack: string,
  monitors: { id: number; name: string; url: string }[],
) {
  const text = JSON.stringify(base).split(`urn:pulumi:${baseStack}::`).join(`urn:pulumi:${stack}::`);
  const state = JSON.parse(text) as Exported;
  for (const r of state.deployment.resources) {
    if (r.type !== MONITOR_TYPE) continue;
    const i = Number(/::m(\d+)$/.exec(r.urn)?.[1]);
    const m = monitors[i];
    if (!m) throw new Error(`no monitor for ${r.urn}`);
    r.id = String(m.id);
    for (const props of [r.inputs, r.outputs]) {
      if (!props) continue;
      props.name = m.name;
      props.url = m.url;
    }
    if (r.outputs) r.outputs.monitorId = m.id;
  }
  return state;
}

/** Builds the backend: one `up` of `perStack` monitors, then `stacks - 1` imported stacks. */
export async function buildAuditFleet(stacks: number, perStack: number): Promise<AuditFleet> {
  await buildFixture("monitors");
  const server = await ChildServer.start();
  const work = mkdtempSync(join(tmpdir(), "bench-b11-"));
  let base: BenchStack | undefined;
  try {
    base = await BenchStack.create("monitors", {
      "uptime:baseUrl": server.url,
      "uptime:apiKey": { value: server.apiKey, secret: true },
      "bench:count": String(perStack),
      "bench:prefix": "b11 s000",
    });
    const up = ok(await base.up(), "pulumi up");
    const exported = JSON.parse(await base.exportText()) as Exported;
    const env = base.env();

    // A project directory of its own for the imported stacks' config files (the salt).
    const project = join(work, "project");
    mkdirSync(project);
    copyFileSync(join(FIXTURES, "monitors", "Pulumi.yaml"), join(project, "Pulumi.yaml"));

    const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: 8 });
    const names = Array.from({ length: stacks - 1 }, (_, k) => `b11-s${String(k + 1).padStart(3, "0")}`);
    const started = Date.now();
    try {
      await eachOf(names.length, 4, async (k) => {
        const stack = names[k];
        const monitors = [];
        for (let i = 0; i < perStack; i++) {
          const m = await client.monitors.create(fixtureMonitorBody(i, `b11 ${stack}`));
          monitors.push({ id: m.id, name: m.name, url: m.url });
        }
        const file = join(work, `${stack}.json`);
        writeFileSync(file, JSON.stringify(derive(exported, base!.stack, stack, monitors)));
        await pulumi(["stack", "init", stack], project, env);
        await pulumi(["stack", "import", "--file", file, "--stack", stack], project, env);
        rmSync(file);
      });
    } finally {
      await client.close();
    }
    const importMs = Date.now() - started;
    // The audit and the floor read state without a passphrase, as a CI job would.
    const auditEnv = { ...env };
    delete auditEnv.PULUMI_CONFIG_PASSPHRASE;
    const all = [base.stack, ...names].map((s) => `organization/${PROJECT}/${s}`).sort();
    const owned = base;
    return {
      server,
      env: auditEnv,
      stacks: all,
      upMs: up.ms,
      importMs,
      async dispose() {
        owned.dispose();
        rmSync(work, { recursive: true, force: true });
        await server.close();
      },
    };
  } catch (err) {
    base?.dispose();
    rmSync(work, { recursive: true, force: true });
    await server.close();
    throw err;
  }
}
