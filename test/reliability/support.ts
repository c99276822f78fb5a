/**
 * Shared pieces of the reliability tests that run the real engine: a server whose account
 * has a distinctive key, the `fleet` fixture run in place (test/e2e/harness.ts with
 * `inPlace`, so the stack's config lives in a temp file), the secrets it carries, checks
 * of what the server and the state hold, and a secrets scan.
 *
 * test/e2e/harness.ts and test/e2e/api.ts are imported read-only.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import {
  E2EStack,
  MONITOR_TYPE,
  PULUMI,
  leaks,
  pulumiEnv,
  type ExportedResource,
  type RunResult,
} from "../e2e/harness";
import { RawApi } from "../e2e/api";
import { startTestServer, type UptimeServer, type UptimeServerOptions } from "../support/server";
import { eventually } from "../support/eventually";

/** The fixture: N monitors carrying a webhook URL, a header token and a password. */
export const FLEET = join(__dirname, "fixtures", "fleet");
/** The fixture's project name (its directory in the file backend). */
export const FLEET_PROJECT = "reliability-fleet";

/** Fleet mode (docs/fleet-mode.md): the engine writes state once, at the end of a run. */
export const FLEET_MODE = { PULUMI_SKIP_CHECKPOINTS: "true" };

/** A server with one account and the raw API against it. */
export interface RelServer {
  server: UptimeServer;
  url: string;
  apiKey: string;
  api: RawApi;
}

export async function startServer(options: UptimeServerOptions = {}): Promise<RelServer> {
  const apiKey = `rel-apikey-${randomBytes(12).toString("hex")}`;
  const server = await startTestServer({ ...options, accounts: [{ apiKey, name: "reliability" }] });
  return { server, url: server.url, apiKey, api: new RawApi(server.url, apiKey) };
}

/** The secret values the fixture carries, distinctive so that a leak is findable. */
export function fleetSecrets() {
  const hex = () => randomBytes(10).toString("hex");
  return {
    webhookUrl: `https://hooks.example.com/services/T0/B0/${hex()}`,
    probeToken: `probe-token-${hex()}`,
    probePassword: `probe-password-${hex()}`,
  };
}
export type FleetSecrets = ReturnType<typeof fleetSecrets>;

/**
 * A stack of the fleet fixture against `srv`; `env` goes to every command (e.g. {@link FLEET_MODE}),
 * `config` adds stack config (e.g. `uptime:requestsPerMinute`).
 */
export function fleetStack(
  srv: RelServer,
  secrets: FleetSecrets,
  o: { count: number; prefix: string; adopt?: boolean; env?: Record<string, string>; config?: Record<string, string> },
): Promise<E2EStack> {
  return E2EStack.create({
    project: FLEET,
    inPlace: true,
    env: o.env,
    server: { url: srv.url, apiKey: srv.apiKey },
    config: {
      "fleet:count": String(o.count),
      "fleet:prefix": o.prefix,
      ...(o.adopt ? { "fleet:adopt": "true" } : {}),
      "fleet:webhookUrl": { value: secrets.webhookUrl, secret: true },
      "fleet:probeToken": { value: secrets.probeToken, secret: true },
      "fleet:probePassword": { value: secrets.probePassword, secret: true },
      ...o.config,
    },
  });
}

/** What {@link withFleetStack} sets up: read its fields inside tests, once `beforeAll` has run. */
export interface FleetFixture {
  srv: RelServer;
  secrets: FleetSecrets;
  stack: E2EStack;
}

/**
 * Registers the `beforeAll` that starts a server and a stack of the fleet fixture against
 * it (options as {@link fleetStack}'s) and the `afterAll` that ends both.
 */
export function withFleetStack(o: Parameters<typeof fleetStack>[2]): FleetFixture {
  const f = {} as FleetFixture;
  beforeAll(async () => {
    f.srv = await startServer();
    f.secrets = fleetSecrets();
    f.stack = await fleetStack(f.srv, f.secrets, o);
  });
  afterAll(async () => {
    f.stack?.dispose();
    await f.srv?.server.close();
  });
  return f;
}

/** The flags every stack command of an in-place project needs (the harness keeps its own copy private). */
export function stackFlags(stack: E2EStack): string[] {
  return [
    "--stack",
    stack.stack,
    "--non-interactive",
    "--color",
    "never",
    ...(stack.configFile ? ["--config-file", stack.configFile] : []),
  ];
}

/**
 * Runs `fn` with one of the server's test settings off (`set(undefined)`: no faults, no rate
 * limit, no stale reads), then sets it back to `value`: for the test's own reads, which the
 * setting is not there to disturb.
 */
export async function withSettingOff<V, T>(
  set: (v: V | undefined) => void,
  value: V,
  fn: () => Promise<T>,
): Promise<T> {
  set(undefined);
  try {
    return await fn();
  } finally {
    set(value);
  }
}

/** Runs `fn` with the server's faults off, then puts `faults` back. */
export function faultsOff<T>(srv: RelServer, faults: UptimeServerOptions["faults"], fn: () => Promise<T>): Promise<T> {
  return withSettingOff((f) => srv.server.setFaults(f), faults, fn);
}

/** What the stack's state holds: its monitors and its pending operations. */
export async function stateOf(
  stack: E2EStack,
): Promise<{ monitors: ExportedResource[]; pending: { type: string; resource: { urn: string } }[] }> {
  const { json } = await stack.stackExport();
  const deployment = json.deployment as {
    resources?: ExportedResource[];
    pending_operations?: { type: string; resource: { urn: string } }[];
  };
  return {
    monitors: (deployment.resources ?? []).filter((r) => r.type === MONITOR_TYPE),
    pending: deployment.pending_operations ?? [],
  };
}

/** What the server holds for `prefix`: every monitor named "<prefix> *". Call with faults off. */
export async function serverFleet(
  srv: RelServer,
  prefix: string,
): Promise<{ id: number; name: string; url: string }[]> {
  return (await srv.api.monitors())
    .filter((m) => m.name.startsWith(`${prefix} `))
    .map((m) => ({ id: m.id, name: m.name, url: m.url }));
}

/** The URL the fixture declares for monitor `i` with `fleet:urlPath` = `urlPath`. */
export function fleetUrl(i: number, urlPath: string): string {
  return `https://svc-${i}.example.com/${urlPath}`;
}

/**
 * Problems with the fleet on the server and in state, [] when converged: exactly the
 * names "<prefix> 0" .. "<prefix> count-1", each once (no duplicate, none lost); every
 * one recorded in state under its id, and nothing in state the server lacks (no orphan
 * either way); no pending operation. With `urlPath`, also every monitor's URL on the
 * server as declared (an update a killed run left half done was completed).
 */
export async function convergenceProblems(
  srv: RelServer,
  stack: E2EStack,
  prefix: string,
  count: number,
  urlPath?: string,
): Promise<string[]> {
  const problems: string[] = [];
  const onServer = await serverFleet(srv, prefix);
  const byName = new Map<string, number[]>();
  for (const m of onServer) byName.set(m.name, [...(byName.get(m.name) ?? []), m.id]);
  for (const [name, ids] of byName)
    if (ids.length > 1) problems.push(`duplicate on the server: "${name}" ×${ids.length} (ids ${ids.join(", ")})`);
  for (let i = 0; i < count; i++)
    if (!byName.has(`${prefix} ${i}`)) problems.push(`lost: "${prefix} ${i}" is not on the server`);
  for (const name of byName.keys()) {
    const i = Number(name.slice(prefix.length + 1));
    if (!(Number.isInteger(i) && i >= 0 && i < count)) problems.push(`unexpected monitor on the server: "${name}"`);
  }
  if (urlPath !== undefined) {
    for (const m of onServer) {
      const want = fleetUrl(Number(m.name.slice(prefix.length + 1)), urlPath);
      if (m.url !== want) problems.push(`"${m.name}" has url ${m.url} on the server, declared ${want}`);
    }
  }
  const state = await stateOf(stack);
  const stateIds = new Set(state.monitors.map((r) => Number(r.id)));
  const serverIds = new Set(onServer.map((m) => m.id));
  for (const m of onServer)
    if (!stateIds.has(m.id)) problems.push(`orphan: "${m.name}" (id ${m.id}) is on the server but not in state`);
  for (const r of state.monitors)
    if (!serverIds.has(Number(r.id)))
      problems.push(`state records ${r.urn} as id ${r.id}, which the server does not have`);
  if (state.monitors.length !== count)
    problems.push(`state holds ${state.monitors.length} monitors, expected ${count}`);
  for (const op of state.pending) problems.push(`pending operation in state: ${op.type} ${op.resource.urn}`);
  return problems;
}

/** The needles of a secrets scan: the API key and every secret the fixture carries. */
export function needles(srv: RelServer, secrets: FleetSecrets): string[] {
  return [srv.apiKey, secrets.webhookUrl, secrets.probeToken, secrets.probePassword];
}

/**
 * Where each needle shows in plaintext: the backend's files (state, history, backups),
 * the engine's output of every command, and `extra` texts (error messages, a killed run's
 * output). Returns "<needle kind> in <place>" lines; [] when clean.
 */
export function secretLeaks(
  stack: E2EStack,
  secrets: string[],
  extra: { name: string; text: string }[] = [],
): string[] {
  const places = [
    ...stack.backendFiles().map((f) => ({ name: f.path.slice(stack.backendDir.length + 1), text: f.text })),
    { name: "engine output", text: stack.allOutput() },
    ...extra,
  ];
  const found: string[] = [];
  for (const p of places) for (const n of leaks(p.text, secrets)) found.push(`${n.slice(0, 12)}… in ${p.name}`);
  return found;
}

/** Error lines of an engine run (diagnostics), for reports. */
export function errorLines(r: RunResult): string[] {
  return r.output
    .split("\n")
    .filter((l) => /error|failed/i.test(l))
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A `pulumi` command started in its own process group, so that the whole engine can be killed. */
export interface Detached {
  pid: number;
  output(): string;
  /** Resolves when the process ends, with its exit code or signal. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGKILL to the whole engine: the CLI and every process it started. The CLI starts its
   * plugins (the language host with the program, the provider) in process groups of their
   * own, so killing the CLI's group alone would leave them running their in-flight steps.
   */
  killEngine(): number[];
}

/** Every descendant of `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/**
 * SIGKILL to `pid`'s process group and to every descendant's group, the CLI frozen first so
 * it starts nothing new. Returns the pids it killed.
 */
function killEngine(pid: number): number[] {
  const kill = (target: number, signal: NodeJS.Signals) => {
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
  };
  kill(-pid, "SIGSTOP");
  const tree = descendants(pid);
  const groups = new Set<number>();
  for (const p of tree) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      groups.add(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]));
    } catch {
      // exited meanwhile
    }
  }
  for (const p of tree) kill(p, "SIGKILL");
  for (const g of groups) if (g > 1) kill(-g, "SIGKILL");
  kill(-pid, "SIGKILL");
  return [pid, ...tree];
}

/** True while `pid` exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Waits until none of `pids` runs; throws naming the survivors after `timeoutMs`. */
export async function allExited(pids: number[], timeoutMs = 30_000): Promise<void> {
  await eventually("the killed processes to exit", () => pids.every((p) => !alive(p)), timeoutMs).catch(() => {
    throw new Error(`still running after SIGKILL: ${pids.filter(alive).join(", ")}`);
  });
}

/** Starts `pulumi <args>` for `stack` in its own process group; `env` adds to the harness's environment. */
export function spawnDetached(stack: E2EStack, args: string[], env: Record<string, string> = {}): Detached {
  const child = spawn(PULUMI, args, {
    cwd: stack.dir,
    env: pulumiEnv(stack.home, stack.backendDir, env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const chunks: Buffer[] = [];
  child.stdout!.on("data", (b: Buffer) => chunks.push(b));
  child.stderr!.on("data", (b: Buffer) => chunks.push(b));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on("close", (code, signal) => res({ code, signal })),
  );
  return {
    pid: child.pid!,
    output: () => Buffer.concat(chunks).toString("utf8"),
    done,
    killEngine: () => killEngine(child.pid!),
  };
}
