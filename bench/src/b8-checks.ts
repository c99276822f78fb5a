/**
 * B8: the local server's checker at scale. 1,000 monitors on a 60-second interval (real
 * time, no time scale) against loopback targets, checked on their schedule for a window
 * of 150 s, while the API keeps serving reads.
 *
 * Side by side: two servers in their own processes hold the same 1,000 monitors; server C
 * checks them, server Q does not (checking off). The bench reads one monitor at a time
 * from each, alternating, through the window. So:
 * - schedule: the lag of every check (start − due), first checks and later ones apart,
 *   and whether every monitor was checked once per interval in the window;
 * - API: read latency on C ÷ on Q (what checking costs the API);
 * - CPU per check: (CPU of C − CPU of Q) over the window ÷ checks in the window, and that
 *   ÷ Q's CPU per read as a yardstick.
 * The targets run in a third process. Environment: BENCH_CHECK_MONITORS (default 1000),
 * BENCH_CHECK_WINDOW_S (default 150).
 */
import { fork } from "node:child_process";
import { join } from "node:path";
import { loadavg } from "node:os";
import { Agent, request } from "undici";
import { UptimeClient } from "pulumi-uptime";
import { runMain, secs } from "./lib/common";
import { sized } from "./lib/smoke";
import { ChildServer, type CheckRecord } from "./lib/server";

const INTERVAL_S = 60;
/** Checks in flight at once on the checking server (the server's default). */
const CONCURRENCY = 20;

/** Summary of a set of milliseconds. */
export interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface B8Result {
  monitors: number;
  windowMs: number;
  intervalS: number;
  concurrency: number;
  /** Checks started in the window. */
  checksInWindow: number;
  /** Checks per monitor in the window: fewest and most. */
  perMonitor: { min: number; max: number };
  /** Monitors checked fewer times than whole intervals in the window. */
  behind: number;
  /** Start − due of the first check of each monitor (queued behind the creation burst). */
  firstLag: Spread;
  /** Start − due of every later check (the schedule proper). */
  laterLag: Spread;
  /** Check duration (finish − start). */
  duration: Spread;
  down: number;
  /** CPU ms: checking server, quiet server, targets, over the window. */
  cpu: { checking: number; quiet: number; targets: number };
  cpuPerCheckMs: number;
  cpuPerReadMs: number;
  reads: { checking: Spread; quiet: Spread };
  load: string;
}

function spread(values: number[]): Spread {
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(q * v.length))] : 0);
  return { n: v.length, p50: Math.round(at(0.5)), p99: Math.round(at(0.99)), max: Math.round(v.at(-1) ?? 0) };
}

/** `label: p50 / p99 / max ms (n)`. */
export function spreadText(s: Spread): string {
  return `p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms (${s.n})`;
}

async function startTargets(): Promise<{
  url: string;
  stats(): Promise<{ served: number; cpuMs: number }>;
  close(): void;
}> {
  const child = fork(join(__dirname, "lib", "target-child.js"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m: { url: string }) => resolve(m.url));
    child.once("exit", (code) => reject(new Error(`target child exited ${code}`)));
  });
  return {
    url,
    stats: () =>
      new Promise((resolve) => {
        child.once("message", (m: { served: number; cpuMs: number }) => resolve(m));
        child.send({ cmd: "stats" });
      }),
    close: () => child.send({ cmd: "close" }),
  };
}

async function createMonitors(server: ChildServer, targets: string, count: number): Promise<number[]> {
  const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: 8 });
  try {
    const ids: number[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < count; i = next++) {
          ids[i] = (
            await client.monitors.create({ name: `check ${i}`, url: `${targets}/m/${i}`, interval: INTERVAL_S })
          ).id;
        }
      }),
    );
    return ids;
  } finally {
    await client.close();
  }
}

/** Runs B8. */
export async function b8(
  monitors = sized("BENCH_CHECK_MONITORS", 1000, 10),
  windowMs = sized("BENCH_CHECK_WINDOW_S", 150, 2) * 1000,
): Promise<B8Result> {
  const loadBefore = loadavg()[0];
  const targets = await startTargets();
  const checking = await ChildServer.start({ checks: { loopbackOnly: true, concurrency: CONCURRENCY } });
  const quiet = await ChildServer.start();
  try {
    console.log(`B8: creating ${monitors} monitors on each server`);
    const ids = await createMonitors(checking, targets.url, monitors);
    await createMonitors(quiet, targets.url, monitors);
    await Promise.all([checking.reset(), quiet.reset()]);
    const targetsBefore = await targets.stats();
    const windowStart = Date.now();
    console.log(`B8: measuring for ${secs(windowMs)}`);

    // Reads, one at a time, alternating servers, about 10 per second each.
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    const read = async (server: ChildServer): Promise<number> => {
      const id = ids[Math.floor(Math.random() * ids.length)];
      const started = performance.now();
      const res = await request(`${server.url}/api/v1/monitors/${id}`, {
        headers: { Authorization: `Bearer ${server.apiKey}`, Accept: "application/json" },
        dispatcher: agent,
      });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`read answered ${res.statusCode}`);
      return performance.now() - started;
    };
    const latency = { checking: [] as number[], quiet: [] as number[] };
    while (Date.now() - windowStart < windowMs) {
      latency.checking.push(await read(checking));
      latency.quiet.push(await read(quiet));
      await new Promise((r) => setTimeout(r, 100));
    }
    const [statsC, statsQ, targetsAfter, checks] = await Promise.all([
      checking.stats(),
      quiet.stats(),
      targets.stats(),
      checking.checks(),
    ]);
    await agent.close();
    const windowEnd = Date.now();
    return summarise({
      monitors,
      windowStart,
      windowEnd,
      checks,
      statsC,
      statsQ,
      latency,
      targetsCpu: targetsAfter.cpuMs - targetsBefore.cpuMs,
      load: `${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
    });
  } finally {
    await Promise.allSettled([checking.close(), quiet.close()]);
    targets.close();
  }
}

function summarise(x: {
  monitors: number;
  windowStart: number;
  windowEnd: number;
  checks: CheckRecord[];
  statsC: { cpuMs: number; total: number };
  statsQ: { cpuMs: number; total: number };
  latency: { checking: number[]; quiet: number[] };
  targetsCpu: number;
  load: string;
}): B8Result {
  const first = new Map<number, CheckRecord>();
  for (const c of x.checks)
    if (!first.has(c.monitorId) || c.startedAt < first.get(c.monitorId)!.startedAt) first.set(c.monitorId, c);
  const later = x.checks.filter((c) => first.get(c.monitorId) !== c);
  const inWindow = x.checks.filter((c) => c.startedAt >= x.windowStart && c.startedAt <= x.windowEnd);
  const perMonitor = new Map<number, number>();
  for (const id of first.keys()) perMonitor.set(id, 0);
  for (const c of inWindow) perMonitor.set(c.monitorId, (perMonitor.get(c.monitorId) ?? 0) + 1);
  const counts = [...perMonitor.values()];
  const wholeIntervals = Math.floor((x.windowEnd - x.windowStart) / (INTERVAL_S * 1000));
  const cpuChecks = Math.max(0, x.statsC.cpuMs - x.statsQ.cpuMs);
  return {
    monitors: x.monitors,
    windowMs: x.windowEnd - x.windowStart,
    intervalS: INTERVAL_S,
    concurrency: CONCURRENCY,
    checksInWindow: inWindow.length,
    perMonitor: { min: counts.length ? Math.min(...counts) : 0, max: counts.length ? Math.max(...counts) : 0 },
    behind: counts.filter((n) => n < wholeIntervals).length + (x.monitors - first.size),
    firstLag: spread([...first.values()].map((c) => c.startedAt - c.dueAt)),
    laterLag: spread(later.map((c) => c.startedAt - c.dueAt)),
    duration: spread(x.checks.map((c) => c.finishedAt - c.startedAt)),
    down: x.checks.filter((c) => !c.up).length,
    cpu: { checking: x.statsC.cpuMs, quiet: x.statsQ.cpuMs, targets: x.targetsCpu },
    cpuPerCheckMs: inWindow.length ? cpuChecks / inWindow.length : 0,
    cpuPerReadMs: x.statsQ.total ? x.statsQ.cpuMs / x.statsQ.total : 0,
    reads: { checking: spread(x.latency.checking), quiet: spread(x.latency.quiet) },
    load: x.load,
  };
}

if (require.main === module) runMain(b8, (r) => console.log(JSON.stringify(r, null, 2)));
