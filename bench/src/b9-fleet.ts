/**
 * B9: fleets. `up`, a one-field update of every monitor, a no-op `preview`, `refresh` and
 * `destroy` of N monitors, against the fair floor: N dynamic resources with the same inputs
 * whose stored provider is a shim of the same size as Monitor's (bench/fixtures/floor),
 * so that the ratio is Monitor's own overhead and nothing else. Each size runs with the
 * engine's checkpoints on (the default) and skipped (`PULUMI_SKIP_CHECKPOINTS=true`), the
 * project and the floor back to back in this one run, their order alternated. Recorded per
 * operation: wall time, time per monitor, requests at the server, CPU by process; per
 * series, the fitted growth exponent (time ~ N^k, least squares over the sizes run).
 *
 * Sizes: BENCH_FLEET_SIZES (default "100,400"; `npm run bench:fleet` runs "100,400,1600").
 * Modes: BENCH_FLEET_CHECKPOINTS (default "on,skipped").
 * It writes its section into bench/RESULTS.md between markers named for its sizes and modes,
 * so `bench:fleet` and the default run keep separate sections.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ok, ratio, secs } from "./lib/common";
import { BenchStack, buildFixture, REPO, summary, type RunResult } from "./lib/pulumi";
import { ChildServer, monitorNames } from "./lib/server";

export type Side = "project" | "floor";
export type Mode = "on" | "skipped";
export const OPS = ["up", "update", "preview", "refresh", "destroy"] as const;
export type Op = (typeof OPS)[number];

/** One operation of one series. */
export interface FleetOp {
  op: Op;
  ms: number;
  /** Requests the local server answered during the operation (project only). */
  requests?: number;
  /** CPU by process role, ms. */
  cpu: Record<string, number>;
}

/** One side at one size and mode. */
export interface FleetRun {
  side: Side;
  n: number;
  mode: Mode;
  ops: FleetOp[];
  /** Bytes of one resource in `pulumi stack export` (mean), and of its stored `__provider`. */
  stateBytes: number;
  providerBytes: number;
  /** Load average (1 min) before and after. */
  load: [number, number];
}

export interface B9Result {
  runs: FleetRun[];
  sizes: number[];
  modes: Mode[];
}

const PREFIX = "fleet";

function listEnv(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function expectCounts(r: RunResult, what: string, want: Record<string, number>): void {
  const got = summary(r.stdout);
  for (const [k, v] of Object.entries(want)) {
    if ((got[k] ?? 0) !== v) throw new Error(`${what}: ${k} ${got[k] ?? 0}, expected ${v}:\n${r.stdout.slice(-3000)}`);
  }
}

/** Mean bytes per custom resource of the fixture's type, and the stored provider's bytes. */
function stateSize(exported: string): { stateBytes: number; providerBytes: number } {
  const resources = (
    JSON.parse(exported) as { deployment: { resources: { type: string; inputs?: { __provider?: string } }[] } }
  ).deployment.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"));
  const total = resources.reduce((sum, r) => sum + JSON.stringify(r).length, 0);
  return {
    stateBytes: Math.round(total / Math.max(1, resources.length)),
    providerBytes: resources[0]?.inputs?.__provider?.length ?? 0,
  };
}

async function runSide(side: Side, n: number, mode: Mode): Promise<FleetRun> {
  const server = side === "project" ? await ChildServer.start() : undefined;
  const config: Record<string, string | { value: string; secret: true }> = {
    "bench:count": String(n),
    "bench:prefix": PREFIX,
  };
  if (server)
    Object.assign(config, { "uptime:baseUrl": server.url, "uptime:apiKey": { value: server.apiKey, secret: true } });
  const stack = await BenchStack.create(
    side === "project" ? "monitors" : "floor",
    config,
    mode === "skipped" ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {},
  );
  const load: [number, number] = [loadavg()[0], 0];
  const ops: FleetOp[] = [];
  const label = `B9 ${side} N=${n} checkpoints ${mode}`;
  const timed = async (op: Op, run: () => Promise<RunResult>, want: Record<string, number>) => {
    await server?.reset();
    const r = ok(await stack.sampled(run), `${label}: ${op}`);
    expectCounts(r, `${label}: ${op}`, want);
    const stats = await server?.stats();
    ops.push({
      op,
      ms: r.ms,
      requests: stats?.total,
      cpu: { ...(r.cpuMs ?? {}), ...(stats ? { "local server (node)": stats.cpuMs } : {}) },
    });
    console.log(`${label}: ${op} ${secs(r.ms)}${stats ? ` (${stats.total} requests)` : ""}`);
  };
  try {
    // The stack resource counts as one more in every summary.
    await timed("up", () => stack.up(), { create: n + 1 });
    if (server && (await monitorNames(server)).length !== n)
      throw new Error(`${label}: the server does not hold ${n} monitors after up`);
    const size = stateSize(await stack.exportText());
    await stack.setConfig("bench:lookup", "ok, changed");
    await timed("update", () => stack.up(), { update: n });
    await timed("preview", () => stack.preview(["--expect-no-changes"]), { create: 0, update: 0, delete: 0 });
    await timed("refresh", () => stack.refresh(), { update: 0, delete: 0 });
    await timed("destroy", () => stack.destroy(), { delete: n + 1 });
    if (server && (await monitorNames(server)).length !== 0)
      throw new Error(`${label}: monitors left on the server after destroy`);
    load[1] = loadavg()[0];
    return { side, n, mode, ops, ...size, load };
  } finally {
    stack.dispose();
    await server?.close();
  }
}

export async function b9(): Promise<B9Result> {
  await buildFixture("monitors");
  await buildFixture("floor");
  const sizes = listEnv("BENCH_FLEET_SIZES", "100,400").map(Number);
  const modes = listEnv("BENCH_FLEET_CHECKPOINTS", "on,skipped") as Mode[];
  const runs: FleetRun[] = [];
  let turn = 0;
  for (const n of sizes) {
    for (const mode of modes) {
      const order: Side[] = turn++ % 2 === 0 ? ["project", "floor"] : ["floor", "project"];
      for (const side of order) runs.push(await runSide(side, n, mode));
    }
  }
  return { runs, sizes, modes };
}

/** The least-squares slope of log(ms) over log(N): time grows as N^k. */
export function growthExponent(points: { n: number; ms: number }[]): number | undefined {
  if (points.length < 2) return undefined;
  const xs = points.map((p) => Math.log(p.n));
  const ys = points.map((p) => Math.log(p.ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return den === 0 ? undefined : num / den;
}

function find(r: B9Result, side: Side, n: number, mode: Mode): FleetRun | undefined {
  return r.runs.find((x) => x.side === side && x.n === n && x.mode === mode);
}

function opOf(run: FleetRun | undefined, op: Op): FleetOp | undefined {
  return run?.ops.find((o) => o.op === op);
}

const PROGRAM = "program (node)";

/** The markdown section of B9. */
export function b9Section(r: B9Result, date: string): string {
  const lines: string[] = [];
  lines.push(
    `## B9: fleets of ${r.sizes.join(", ")} monitors, checkpoints ${r.modes.join(" and ")}, against a fair floor (${date})`,
    "",
  );
  lines.push(
    "Project = N `Monitor`s (bench/fixtures/monitors) against the local server in its own process; floor = N dynamic resources with the same inputs whose stored provider is a shim of Monitor's size and answers at once (bench/fixtures/floor). Same run, back to back, order alternated. Times are wall time of one run each: single samples on a shared 2-core machine, so read the ratios, not the seconds.",
    "",
  );
  for (const mode of r.modes) {
    lines.push(
      `### Checkpoints ${mode === "on" ? "on (the default)" : "skipped (`PULUMI_SKIP_CHECKPOINTS=true`)"}`,
      "",
    );
    lines.push(
      "| N | op | project | floor | project ÷ floor | project ms/monitor | requests | program CPU project / floor |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const n of r.sizes) {
      const p = find(r, "project", n, mode);
      const f = find(r, "floor", n, mode);
      for (const op of OPS) {
        const po = opOf(p, op);
        const fo = opOf(f, op);
        if (!po || !fo) continue;
        const pc = po.cpu[PROGRAM];
        const fc = fo.cpu[PROGRAM];
        const cpu = pc && fc ? `${secs(pc)} / ${secs(fc)} = ${ratio(pc, fc)}` : "—";
        lines.push(
          `| ${n} | ${op} | ${secs(po.ms)} | ${secs(fo.ms)} | ${ratio(po.ms, fo.ms)} | ${(po.ms / n).toFixed(1)} | ${po.requests ?? "—"} | ${cpu} |`,
        );
      }
    }
    lines.push("");
    const fits: string[] = [];
    for (const op of OPS) {
      const k = (side: Side) =>
        growthExponent(
          r.sizes.flatMap((n) => {
            const o = opOf(find(r, side, n, mode), op);
            return o ? [{ n, ms: o.ms }] : [];
          }),
        );
      const kp = k("project");
      const kf = k("floor");
      if (kp !== undefined && kf !== undefined) fits.push(`${op} N^${kp.toFixed(2)} (floor N^${kf.toFixed(2)})`);
    }
    if (fits.length) lines.push(`Fitted growth over N = ${r.sizes.join(", ")}: ${fits.join("; ")}.`, "");
  }
  const cpuRows = r.runs.filter((x) => x.side === "project" && x.mode === r.modes[0]);
  if (cpuRows.length) {
    lines.push("CPU by process during `up` (project):", "");
    for (const run of cpuRows) {
      const up = opOf(run, "up");
      if (up)
        lines.push(
          `- N = ${run.n}: ${Object.entries(up.cpu)
            .filter(([, ms]) => ms >= 50)
            .sort((a, b) => b[1] - a[1])
            .map(([role, ms]) => `${role} ${secs(ms)}`)
            .join(", ")}`,
        );
    }
    lines.push("");
  }
  const sizeRow = (side: Side) => r.runs.find((x) => x.side === side);
  const sp = sizeRow("project");
  const sf = sizeRow("floor");
  if (sp && sf)
    lines.push(
      `State per resource: project ${sp.stateBytes} B, floor ${sf.stateBytes} B; stored provider ${sp.providerBytes} B and ${sf.providerBytes} B.`,
      "",
    );
  lines.push(
    `Load average (1 min) across the runs: ${Math.min(...r.runs.map((x) => x.load[0])).toFixed(1)} to ${Math.max(...r.runs.flatMap((x) => x.load)).toFixed(1)}.`,
    "",
  );
  return lines.join("\n");
}

/** The markers of one configuration's block: runs of other sizes or modes keep theirs. */
function markers(r: B9Result): [string, string] {
  const key = `N=${r.sizes.join(",")} checkpoints=${r.modes.join(",")}`;
  return [`<!-- B9 fleet ${key}: begin -->`, `<!-- B9 fleet ${key}: end -->`];
}

/** Every B9 block in a RESULTS.md text, in order (kept when the other benchmarks rewrite the file). */
export function b9Blocks(text: string): string[] {
  return [...text.matchAll(/<!-- B9 fleet ([^>]*): begin -->[\s\S]*?<!-- B9 fleet \1: end -->/g)].map((m) => m[0]);
}

/** Writes this run's section into bench/RESULTS.md between its markers (appended when absent). */
export function writeB9Section(r: B9Result, section: string): void {
  const file = join(REPO, "bench", "RESULTS.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  const [begin, end] = markers(r);
  const block = `${begin}\n${section}\n${end}`;
  const start = old.indexOf(begin);
  const stop = old.indexOf(end);
  const next =
    start >= 0 && stop > start
      ? old.slice(0, start) + block + old.slice(stop + end.length)
      : `${old.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

if (require.main === module) {
  b9()
    .then((r) => {
      writeB9Section(r, b9Section(r, new Date().toISOString().slice(0, 10)));
      console.log("B9: wrote its section of bench/RESULTS.md");
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
