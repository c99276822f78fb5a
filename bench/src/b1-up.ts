/**
 * B1: `pulumi up` of N monitors, against
 *  (a) the same N monitors created by the raw client (`UptimeClient`) with the engine's
 *      default parallelism (Pulumi 3.248: 4 x GOMAXPROCS, so 8 on 2 cores), and
 *  (b) the engine's own floor: N trivial dynamic resources with the same inputs, stored
 *      behind a shim of Monitor's size (bench/fixtures/floor), whose
 *      provider sends no request.
 * Each side runs once, in this one run, against a fresh server in its own process.
 */
import { UptimeClient } from "pulumi-uptime";
import { COUNT, type Deployed, deployMonitors, engineParallelism, ok, ratio, runMain, secs } from "./lib/common";
import { sized } from "./lib/smoke";
import { BenchStack, buildFixture, summary } from "./lib/pulumi";
import { fixtureMonitorBody } from "./lib/monitor-body";
import { ChildServer } from "./lib/server";

export interface B1Result {
  count: number;
  parallelism: number;
  /** Every sample, in the order taken; ratios use the fastest of each (the least disturbed on a shared machine). */
  rawMs: number[];
  floorMs: number[];
  upMs: number[];
  upRequests: number;
  /** CPU time of the server process during the last `up`. */
  upServerCpuMs: number;
  /** CPU time by process role during the fastest floor and `up` samples. */
  floorCpu: Record<string, number>;
  upCpu: Record<string, number>;
  /** The deployed stack, reused by B2, B3 and B5. */
  deployed: Deployed;
}

/** N creates through the client, `parallelism` at a time. */
async function rawCreates(count: number, parallelism: number): Promise<number> {
  const server = await ChildServer.start();
  try {
    const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: parallelism });
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallelism }, async () => {
        while (next < count) await client.monitors.create(fixtureMonitorBody(next++, "raw"));
      }),
    );
    const ms = performance.now() - started;
    await client.close();
    const stats = await server.stats();
    if (stats.byRoute["POST /api/v1/monitors"] !== count)
      throw new Error(`raw client: ${JSON.stringify(stats.byRoute)}`);
    return ms;
  } finally {
    await server.close();
  }
}

async function floorUp(count: number): Promise<{ ms: number; cpuMs: Record<string, number> }> {
  await buildFixture("floor");
  const stack = await BenchStack.create("floor", { "bench:count": String(count) });
  try {
    const up = ok(await stack.upSampled(), "pulumi up (floor)");
    const created = summary(up.stdout).create ?? 0;
    // The stack resource (pulumi:pulumi:Stack) counts as one more.
    if (created !== count + 1) throw new Error(`floor: ${created} created, expected ${count} + the stack`);
    return { ms: up.ms, cpuMs: up.cpuMs ?? {} };
  } finally {
    stack.dispose();
  }
}

/** "engine / CLI (Go) 6.2 s, program (node) 3.1 s, …" */
export function cpuText(cpu: Record<string, number>): string {
  return (
    Object.entries(cpu)
      .filter(([, ms]) => ms >= 50)
      .sort((a, b) => b[1] - a[1])
      .map(([role, ms]) => `${role} ${secs(ms)}`)
      .join(", ") || "not sampled"
  );
}

/** Samples of each side (BENCH_REPEAT, default 2), interleaved so that drift hits all sides alike. */
const REPEAT = Math.max(1, sized("BENCH_REPEAT", 2, 1));

export async function b1(count = COUNT): Promise<B1Result> {
  const parallelism = engineParallelism();
  const rawMs: number[] = [];
  const floorMs: number[] = [];
  const upMs: number[] = [];
  let deployed: Deployed | undefined;
  let floorCpu: Record<string, number> = {};
  let upCpu: Record<string, number> = {};
  for (let i = 0; i < REPEAT; i++) {
    rawMs.push(await rawCreates(count, parallelism));
    console.log(`B1 raw client: ${count} creates, ${parallelism} at a time: ${secs(rawMs[i])}`);
    const floor = await floorUp(count);
    if (floor.ms <= Math.min(...floorMs)) floorCpu = floor.cpuMs;
    floorMs.push(floor.ms);
    console.log(
      `B1 floor: up of ${count} trivial dynamic resources: ${secs(floorMs[i])} (CPU ${cpuText(floor.cpuMs)})`,
    );
    await deployed?.dispose();
    deployed = await deployMonitors(count);
    if (deployed.upMs <= Math.min(...upMs))
      upCpu = { ...(deployed.up.cpuMs ?? {}), "local server (node)": deployed.upStats.cpuMs };
    upMs.push(deployed.upMs);
    console.log(
      `B1 up: ${count} monitors: ${secs(deployed.upMs)} (${deployed.upStats.total} requests: ${JSON.stringify(deployed.upStats.byRoute)}; CPU ${cpuText({ ...(deployed.up.cpuMs ?? {}), "local server (node)": deployed.upStats.cpuMs })})`,
    );
  }
  const best = (xs: number[]) => Math.min(...xs);
  console.log(
    `B1 ratios (fastest of ${REPEAT}): up / raw client = ${ratio(best(upMs), best(rawMs))}, up / engine floor = ${ratio(best(upMs), best(floorMs))}`,
  );
  return {
    count,
    parallelism,
    rawMs,
    floorMs,
    upMs,
    upRequests: deployed!.upStats.total,
    upServerCpuMs: deployed!.upStats.cpuMs,
    floorCpu,
    upCpu,
    deployed: deployed!,
  };
}

if (require.main === module) runMain(b1, (r) => r.deployed.dispose());
