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
 * Sizes: BENCH_FLEET_SIZES (default "100,400"; `npm run bench:fleet` runs "100,400,1600";
 * smoke mode "3"). Modes: BENCH_FLEET_CHECKPOINTS (default "on,skipped"; smoke mode "on").
 * Operations: BENCH_FLEET_OPS (default all five, smoke mode "up,destroy"; `up` always runs,
 * e.g. "up" for `up` alone).
 * Repeats: BENCH_FLEET_REPEAT (default 1): that many project/floor pairs per size and mode,
 * each pair's order the opposite of the one before; with more than one, the tables show the
 * median of each side and each pair's ratio.
 * It writes its section into bench/RESULTS.md between markers named for its sizes and modes,
 * so `bench:fleet` and the default run keep separate sections.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ok, ratio, runMain, secs } from "./lib/common";
import { BenchStack, buildFixture, REPO, summary, type RunResult } from "./lib/pulumi";
import { ChildServer, monitorNames, warmUp } from "./lib/server";
import { listed, SMOKE, writeResults } from "./lib/smoke";

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
  /** The operations run (BENCH_FLEET_OPS). */
  ops: Op[];
  /** Pairs per size and mode (BENCH_FLEET_REPEAT). */
  repeat: number;
}

const PREFIX = "fleet";
/** Monitors the local server creates and deletes before each project series (lib/server.ts warmUp). */
const WARM_UP = SMOKE ? 5 : 400;

/**
 * With BENCH_FLEET_CPU_PROFILE=<dir>, the program and the dynamic provider of each series
 * write V8 CPU profiles into <dir>/<side>-<n>-<mode>/ (lib/cpu-profile-preload.ts), to be
 * read beside the floor's (`node bench/dist/cpu-profile-summary.js <dir>`). Profiling slows
 * both sides: a profiled run's times are not a measurement, and it writes no results.
 */
function cpuProfileEnv(side: Side, n: number, mode: Mode): Record<string, string> {
  const dir = process.env.BENCH_FLEET_CPU_PROFILE;
  if (!dir) return {};
  return {
    NODE_OPTIONS: `--require ${join(__dirname, "lib", "cpu-profile-preload.js")}`,
    BENCH_CPU_PROFILE_DIR: join(dir, `${side}-${n}-${mode}`),
  };
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

async function runSide(side: Side, n: number, mode: Mode, wanted: readonly Op[]): Promise<FleetRun> {
  const server = side === "project" ? await ChildServer.start() : undefined;
  if (server) await warmUp(server, WARM_UP);
  const config: Record<string, string | { value: string; secret: true }> = {
    "bench:count": String(n),
    "bench:prefix": PREFIX,
  };
  if (server)
    Object.assign(config, { "uptime:baseUrl": server.url, "uptime:apiKey": { value: server.apiKey, secret: true } });
  const stack = await BenchStack.create(side === "project" ? "monitors" : "floor", config, {
    ...(mode === "skipped" ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
    ...cpuProfileEnv(side, n, mode),
  });
  const load: [number, number] = [loadavg()[0], 0];
  const ops: FleetOp[] = [];
  const label = `B9 ${side} N=${n} checkpoints ${mode}`;
  const timed = async (op: Op, run: () => Promise<RunResult>, want: Record<string, number>) => {
    if (!wanted.includes(op)) return;
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
    if (wanted.includes("update")) await stack.setConfig("bench:lookup", "ok, changed");
    await timed("update", () => stack.up(), { update: n });
    await timed("preview", () => stack.preview(["--expect-no-changes"]), { create: 0, update: 0, delete: 0 });
    await timed("refresh", () => stack.refresh(), { update: 0, delete: 0 });
    await timed("destroy", () => stack.destroy(), { delete: n + 1 });
    if (server && wanted.includes("destroy") && (await monitorNames(server)).length !== 0)
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
  const sizes = listed("BENCH_FLEET_SIZES", "100,400", "3").map(Number);
  const modes = listed("BENCH_FLEET_CHECKPOINTS", "on,skipped", "on") as Mode[];
  const asked = listed("BENCH_FLEET_OPS", OPS.join(","), "up,destroy");
  const unknown = asked.filter((op) => !(OPS as readonly string[]).includes(op));
  if (unknown.length) throw new Error(`BENCH_FLEET_OPS: ${unknown.join(", ")} is not one of ${OPS.join(", ")}`);
  const ops = OPS.filter((op) => op === "up" || asked.includes(op));
  const repeat = Number(process.env.BENCH_FLEET_REPEAT ?? 1);
  if (!Number.isInteger(repeat) || repeat < 1)
    throw new Error("BENCH_FLEET_REPEAT must be a whole number of at least 1");
  const runs: FleetRun[] = [];
  let turn = 0;
  for (const n of sizes) {
    for (const mode of modes) {
      for (let i = 0; i < repeat; i++) {
        const order: Side[] = turn++ % 2 === 0 ? ["project", "floor"] : ["floor", "project"];
        for (const side of order) runs.push(await runSide(side, n, mode, ops));
      }
    }
  }
  return { runs, sizes, modes, ops, repeat };
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

function findAll(r: B9Result, side: Side, n: number, mode: Mode): FleetRun[] {
  return r.runs.filter((x) => x.side === side && x.n === n && x.mode === mode);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * One operation of a side at a size and mode: the run's own with one sample; with repeats,
 * the median of the samples' wall times, requests and CPU by role.
 */
function opAt(r: B9Result, side: Side, n: number, mode: Mode, op: Op): FleetOp | undefined {
  const samples = findAll(r, side, n, mode).flatMap((run) => run.ops.filter((o) => o.op === op));
  if (samples.length <= 1) return samples[0];
  const roles = [...new Set(samples.flatMap((o) => Object.keys(o.cpu)))];
  const requests = samples.flatMap((o) => (o.requests === undefined ? [] : [o.requests]));
  return {
    op,
    ms: median(samples.map((o) => o.ms)),
    requests: requests.length ? median(requests) : undefined,
    cpu: Object.fromEntries(roles.map((role) => [role, median(samples.map((o) => o.cpu[role] ?? 0))])),
  };
}

/** Each pair's project ÷ floor of one operation, in the order they ran. */
function pairRatios(r: B9Result, n: number, mode: Mode, op: Op): number[] {
  const ms = (side: Side) => findAll(r, side, n, mode).map((run) => run.ops.find((o) => o.op === op)?.ms ?? NaN);
  const f = ms("floor");
  return ms("project").map((p, i) => p / f[i]);
}

const PROGRAM = "program (node)";

/** The markdown section of B9. */
export function b9Section(r: B9Result, date: string): string {
  const lines: string[] = [];
  lines.push(
    `## B9: fleets of ${r.sizes.join(", ")} monitors, checkpoints ${r.modes.join(" and ")}, against a fair floor (${date})`,
    "",
  );
  const samples =
    r.repeat > 1
      ? `Times are the median of ${r.repeat} samples per side (each pair back to back, the order alternated from pair to pair), and "pairs" lists each pair's ratio in the order run; the ratio is of the medians. A shared 2-core machine: read the ratios, not the seconds.`
      : "Times are wall time of one run each: single samples on a shared 2-core machine, so read the ratios, not the seconds.";
  lines.push(
    `Project = N \`Monitor\`s (bench/fixtures/monitors) against the local server in its own process, warmed up first (${WARM_UP} monitors created and deleted through raw HTTP: the real service is a long-running process, so its start-up compiling is not the provider's cost); floor = N dynamic resources with the same inputs whose stored provider is a shim of Monitor's size and answers at once (bench/fixtures/floor). Same run, back to back, order alternated. ${samples}`,
    "",
  );
  for (const mode of r.modes) {
    lines.push(
      `### Checkpoints ${mode === "on" ? "on (the default)" : "skipped (`PULUMI_SKIP_CHECKPOINTS=true`)"}`,
      "",
    );
    const paired = r.repeat > 1;
    lines.push(
      `| N | op | project | floor | project ÷ floor |${paired ? " pairs |" : ""} project ms/monitor | requests | program CPU project / floor |`,
      `|---|---|---|---|---|${paired ? "---|" : ""}---|---|---|`,
    );
    for (const n of r.sizes) {
      for (const op of OPS) {
        const po = opAt(r, "project", n, mode, op);
        const fo = opAt(r, "floor", n, mode, op);
        if (!po || !fo) continue;
        const pc = po.cpu[PROGRAM];
        const fc = fo.cpu[PROGRAM];
        const cpu = pc && fc ? `${secs(pc)} / ${secs(fc)} = ${ratio(pc, fc)}` : "—";
        lines.push(
          `| ${n} | ${op} | ${secs(po.ms)} | ${secs(fo.ms)} | ${ratio(po.ms, fo.ms)} |${
            paired
              ? ` ${pairRatios(r, n, mode, op)
                  .map((x) => x.toFixed(2))
                  .join(", ")} |`
              : ""
          } ${(po.ms / n).toFixed(1)} | ${po.requests ?? "—"} | ${cpu} |`,
        );
      }
    }
    lines.push("");
    const fits: string[] = [];
    for (const op of OPS) {
      const k = (side: Side) =>
        growthExponent(
          r.sizes.flatMap((n) => {
            const o = opAt(r, side, n, mode, op);
            return o ? [{ n, ms: o.ms }] : [];
          }),
        );
      const kp = k("project");
      const kf = k("floor");
      if (kp !== undefined && kf !== undefined) fits.push(`${op} N^${kp.toFixed(2)} (floor N^${kf.toFixed(2)})`);
    }
    if (fits.length) lines.push(`Fitted growth over N = ${r.sizes.join(", ")}: ${fits.join("; ")}.`, "");
  }
  // Both sides, so that the dynamic provider's CPU can be read beside the floor's.
  for (const side of ["project", "floor"] as const) {
    const cpuRows = r.sizes.flatMap((n) => findAll(r, side, n, r.modes[0]).slice(0, 1));
    if (!cpuRows.length) continue;
    lines.push(`CPU by process during \`up\` (${side}${r.repeat > 1 ? ", median" : ""}):`, "");
    for (const run of cpuRows) {
      const up = opAt(r, side, run.n, run.mode, "up");
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
  const subset = r.ops.length < OPS.length ? ` ops=${r.ops.join(",")}` : "";
  const repeats = r.repeat > 1 ? ` repeat=${r.repeat}` : "";
  const key = `N=${r.sizes.join(",")} checkpoints=${r.modes.join(",")}${subset}${repeats}`;
  return [`<!-- B9 fleet ${key}: begin -->`, `<!-- B9 fleet ${key}: end -->`];
}

/** Every B9 block in a RESULTS.md text, in order (kept when the other benchmarks rewrite the file). */
export function b9Blocks(text: string): string[] {
  return [...text.matchAll(/<!-- B9 fleet ([^>]*): begin -->[\s\S]*?<!-- B9 fleet \1: end -->/g)].map((m) => m[0]);
}

/** Writes this run's section into bench/RESULTS.md between its markers (appended when absent). */
export function writeB9Section(r: B9Result, section: string): void {
  writeResults("B9", () => replaceB9Section(r, section));
}

function replaceB9Section(r: B9Result, section: string): void {
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
  console.log("B9: wrote its section of bench/RESULTS.md");
}

if (require.main === module) {
  runMain(b9, (r) => {
    const section = b9Section(r, new Date().toISOString().slice(0, 10));
    if (process.env.BENCH_FLEET_CPU_PROFILE) {
      console.log(`${section}\nB9: profiled, so bench/RESULTS.md is left as it was`);
      return;
    }
    writeB9Section(r, section);
  });
}
