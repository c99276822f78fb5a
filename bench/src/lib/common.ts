/** Small helpers shared by the benchmarks. */
import { cpus, totalmem } from "node:os";
import { BenchStack, buildFixture, summary, type RunResult } from "./pulumi";
import { ChildServer, monitorNames, type ServerStats } from "./server";
import { sized } from "./smoke";

/** Monitors per benchmark (the 200; 3 in smoke mode); BENCH_COUNT overrides for a quick try. */
export const COUNT = sized("BENCH_COUNT", 200, 3);

/**
 * The engine's default parallelism in Pulumi 3.248 (pkg/cmd/pulumi/operations/up.go,
 * `defaultParallel`): 4 x GOMAXPROCS, unless PULUMI_PARALLEL is set.
 */
export function engineParallelism(): number {
  const env = Number(process.env.PULUMI_PARALLEL);
  return env > 0 ? env : 4 * cpus().length;
}

export function secs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function ratio(a: number, b: number): string {
  return (a / b).toFixed(2);
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The ratio of each alternated pair, `a[i] ÷ b[i]`: runs i of the two sides ran one after the
 * other, so a pair shares the machine's state of the moment, which the best of each side does
 * not (one side's best may come from a quieter minute than the other's).
 */
export function pairRatios(a: number[], b: number[]): number[] {
  return a.slice(0, Math.min(a.length, b.length)).map((x, i) => x / b[i]);
}

export function machine(): { cpus: string; memory: string; node: string } {
  const c = cpus();
  return {
    cpus: `${c.length} x ${c[0]?.model ?? "unknown"}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
  };
}

/** Throws with the output unless the command exited 0. */
export function ok(r: RunResult, what: string): RunResult {
  if (r.code !== 0) throw new Error(`${what} exited ${r.code}:\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
  return r;
}

/** A server with `count` monitors deployed by `pulumi up` of the monitors fixture. */
export interface Deployed {
  server: ChildServer;
  stack: BenchStack;
  upMs: number;
  up: RunResult;
  /** What the server saw during `up`. */
  upStats: ServerStats;
  dispose(): Promise<void>;
}

/** Starts a server and runs `up` of `count` monitors against it; checks they all exist, once. */
export async function deployMonitors(
  count: number,
  options: { rateLimitPerMinute?: number; prefix?: string } = {},
): Promise<Deployed> {
  await buildFixture("monitors");
  const server = await ChildServer.start({ rateLimitPerMinute: options.rateLimitPerMinute });
  const prefix = options.prefix ?? "bench";
  const stack = await BenchStack.create("monitors", {
    "uptime:baseUrl": server.url,
    "uptime:apiKey": { value: server.apiKey, secret: true },
    "bench:count": String(count),
    "bench:prefix": prefix,
  });
  await server.reset();
  const up = ok(await stack.upSampled(), "pulumi up");
  const upStats = await server.stats();
  const created = summary(up.stdout).create ?? 0;
  // The stack resource (pulumi:pulumi:Stack) counts as one more.
  if (created !== count + 1)
    throw new Error(`pulumi up reported ${created} created, expected ${count} + the stack:\n${up.stdout.slice(-3000)}`);
  await checkServerHolds(server, prefix, count);
  return {
    server,
    stack,
    upMs: up.ms,
    up,
    upStats,
    async dispose() {
      stack.dispose();
      await server.close();
    },
  };
}

/**
 * Runs a bench as its script's main: a failure prints its stack and exits 1. `then` gets
 * what the bench returned (to print or write it).
 */
export function runMain<R>(bench: () => Promise<R>, then: (r: R) => unknown = () => undefined): void {
  bench()
    .then(then)
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}

/** Runs `bench` as its script's main on `count` monitors deployed for it, disposed after. */
export function runMainOnDeployed(count: number, bench: (d: Deployed) => Promise<unknown>): void {
  runMain(async () => {
    const d = await deployMonitors(count);
    try {
      await bench(d);
    } finally {
      await d.dispose();
    }
  });
}

/** Throws unless the server holds exactly monitors "<prefix> 0" .. "<prefix> count-1", once each; then resets the server's stats. */
export async function checkServerHolds(server: ChildServer, prefix: string, count: number): Promise<void> {
  const names = (await monitorNames(server)).filter((n) => n.startsWith(`${prefix} `)).sort();
  const want = Array.from({ length: count }, (_, i) => `${prefix} ${i}`).sort();
  if (names.length !== want.length || names.some((n, i) => n !== want[i])) {
    throw new Error(
      `server holds ${names.length} monitors named "${prefix} *", expected ${count} (first difference: ${names.find((n, i) => n !== want[i])})`,
    );
  }
  await server.reset();
}
