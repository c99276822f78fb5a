/**
 * Replaying a recorded baseline (test/upgrade/<version>/<program>/) with the current build:
 * a local server with the account key the recording used and the same monitors and
 * incidents, and a fresh stack of the same name holding the recorded state, with only what
 * must change rewritten: the server's URL (its port differs on every run) and the ids the
 * server gave (creates run side by side, so the same program may number them otherwise).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2EStack, ok, type StackExport } from "../e2e/harness";
import { compileExample } from "../e2e/examples";
import { RawApi } from "../e2e/api";
import { startTestServer, type UptimeServer } from "../support/server";
import type { UpgradeProgram } from "./programs";
import { BASELINE_DIR } from "./baseline";

/** What the recorder wrote beside a state. */
interface Recorded {
  version: string;
  baseUrl: string;
  stack: string;
}

/**
 * The recorded state with the server URL of the recording replaced by `baseUrl` (in provider
 * inputs/outputs and the dynamic providers' captured config). Nothing else is touched.
 */
export function rewriteRecordedState(text: string, recordedBaseUrl: string, baseUrl: string): string {
  return text.split(recordedBaseUrl).join(baseUrl);
}

/** A monitor or incident as the seeded server lists it. */
interface Listed {
  id: number;
  name?: string;
  monitor_id?: number;
  cause?: string | null;
}

/**
 * The recorded state with each monitor's and incident's id replaced by the id the seeded server
 * gave the same record: a monitor is the one of the same name, an incident the one of the same
 * (mapped) monitor and cause. Ids are the server's to give, like its URL: a program whose creates
 * run side by side may number its monitors in another order on each run. Every `monitorId` and
 * `incidentId` property (the resources' and the stack's outputs such as `apiMonitorId`) follows.
 */
export function remapRecordedIds(text: string, monitors: Listed[], incidents: Listed[]): string {
  const state = JSON.parse(text) as StackExport;
  const resources = state.deployment.resources ?? [];
  const monitorIds = new Map<string, number>();
  const incidentIds = new Map<string, number>();
  for (const r of resources.filter((r) => r.type.endsWith(":Monitor"))) {
    const name = (r.outputs as { name?: string }).name;
    const live = monitors.find((m) => m.name === name);
    if (!live) throw new Error(`the seeded server has no monitor named ${JSON.stringify(name)} (${r.urn})`);
    monitorIds.set(String(r.id), live.id);
  }
  for (const r of resources.filter((r) => r.type.endsWith(":Incident"))) {
    const out = r.outputs as { monitorId?: number | string; cause?: string | null };
    const monitor = monitorIds.get(String(out.monitorId));
    const live = incidents.filter((i) => i.monitor_id === monitor && (i.cause ?? null) === (out.cause ?? null));
    if (live.length !== 1) throw new Error(`the seeded server has ${live.length} incidents matching ${r.urn}`);
    incidentIds.set(String(r.id), live[0].id);
  }
  const remap = (bag: Record<string, unknown> | undefined) => {
    for (const [key, value] of Object.entries(bag ?? {})) {
      const ids = /monitorId$/i.test(key) ? monitorIds : /incidentId$/i.test(key) ? incidentIds : undefined;
      const id = ids?.get(String(value));
      if (id !== undefined) bag![key] = typeof value === "string" ? String(id) : id;
    }
  };
  for (const r of resources) {
    const ids = r.type.endsWith(":Monitor") ? monitorIds : r.type.endsWith(":Incident") ? incidentIds : undefined;
    const id = ids?.get(String(r.id));
    if (id !== undefined) r.id = String(id);
    remap(r.inputs);
    remap(r.outputs);
  }
  return JSON.stringify(state, null, 4) + "\n";
}

/** A recorded program's stack, imported and pointed at a server holding its monitors. */
export interface Replay {
  stack: E2EStack;
  server: UptimeServer;
  api: RawApi;
  /** The recorded state as imported (the server URL and ids rewritten), parsed. */
  recorded: StackExport;
  close(): Promise<void>;
}

/** Imports `text` as the stack's state (`pulumi stack import --file`). */
async function importState(stack: E2EStack, text: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-uptime-upgrade-"));
  try {
    writeFileSync(join(dir, "state.json"), text);
    ok(
      await stack.run([
        "stack",
        "import",
        "--file",
        join(dir, "state.json"),
        "--stack",
        stack.stack,
        "--non-interactive",
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The account key the recording used: read from the recorded state once imported (decrypted by the fixed passphrase). */
async function recordedApiKey(stack: E2EStack): Promise<string> {
  const r = ok(await stack.run(["stack", "export", "--show-secrets", "--stack", stack.stack, "--non-interactive"]));
  const key = /e2e-apikey-[0-9a-f]{24}/.exec(r.stdout)?.[0];
  if (!key) throw new Error("the recorded state holds no e2e API key (was it recorded by `npm run upgrade:record`?)");
  return key;
}

/**
 * Sets up the replay of `program`'s baseline: imports the recorded state into a stack of the
 * recorded name, starts a server accepting the recorded key, seeds it by running the program
 * once on a scratch stack, rewrites the URL and the ids (to those the seeded server gave the
 * same records) and imports again, and configures the stack for the new server.
 */
export async function replayBaseline(program: UpgradeProgram): Promise<Replay> {
  const dir = join(BASELINE_DIR, program.name);
  const rec = JSON.parse(readFileSync(join(dir, "recorded.json"), "utf8")) as Recorded;
  const text = readFileSync(join(dir, "state.json"), "utf8");
  await compileExample(program.dir);
  const stack = await E2EStack.create({
    project: program.dir,
    inPlace: true,
    stack: rec.stack,
    config: program.config,
    env: program.env,
  });
  let server: UptimeServer | undefined;
  try {
    await importState(stack, text);
    const apiKey = await recordedApiKey(stack);
    server = await startTestServer({ accounts: [{ apiKey, name: "e2e" }] });
    const seed = await E2EStack.create({
      project: program.dir,
      inPlace: true,
      server: { url: server.url, apiKey },
      config: program.config,
      env: program.env,
    });
    try {
      ok(await seed.up());
    } finally {
      seed.dispose();
    }
    const api = new RawApi(server.url, apiKey);
    const listed = async (path: string) => ((await api.call("GET", path)).body as { data: Listed[] }).data;
    const replayed = remapRecordedIds(
      rewriteRecordedState(text, rec.baseUrl, server.url),
      await listed("/api/v1/monitors?per_page=100"),
      await listed("/api/v1/incidents?per_page=100"),
    );
    await importState(stack, replayed);
    await stack.setConfig("uptime:baseUrl", server.url);
    await stack.setConfig("uptime:apiKey", apiKey, true);
    const s = server;
    return {
      stack,
      server: s,
      api,
      recorded: JSON.parse(replayed) as StackExport,
      close: async () => {
        stack.dispose();
        await s.close();
      },
    };
  } catch (err) {
    stack.dispose();
    await server?.close();
    throw err;
  }
}

/** The steps of `pulumi preview --json` other than "same", as "op urn". */
export function changedSteps(previewJson: string): string[] {
  const parsed = JSON.parse(previewJson) as { steps?: { op: string; urn: string }[] };
  return (parsed.steps ?? []).filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`);
}
