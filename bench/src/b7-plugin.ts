/**
 * B7: the provider plugin against the dynamic provider, side by side in one run.
 *  - `up` of N monitors with the same inputs from a Node.js program: through the plugin
 *    (bench/fixtures/plugin-monitors, `uptime:index:Monitor`) and through the dynamic
 *    provider (bench/fixtures/monitors), each against a fresh server, samples interleaved.
 *  - State per monitor of each (compact JSON of the resource entry): the plugin's carries no
 *    `__provider`.
 *  - Plugin start-up: from spawning the launcher to the port on its stdout (what the engine
 *    waits for), beside a bare `node -e ""` start on the same machine.
 */
import { join } from "node:path";
import { checkServerHolds, COUNT, deployMonitors, ok, ratio, runMain, secs } from "./lib/common";
import { sized } from "./lib/smoke";
import { BenchStack, REPO, buildFixture, summary } from "./lib/pulumi";
import { ChildServer } from "./lib/server";
import { timeToFirstLine } from "./lib/process-timing";

export interface B7Result {
  count: number;
  pluginUpMs: number[];
  dynamicUpMs: number[];
  pluginRequests: number;
  pluginStateBytes: number;
  dynamicStateBytes: number;
  startupMs: number[];
  /** CPU time of the plugin process by the time it printed its port. */
  startupCpuMs: number[];
  nodeStartMs: number[];
}

const LAUNCHER = join(REPO, "dist", "plugin", "pulumi-resource-uptime");
const REPEAT = Math.max(1, sized("BENCH_REPEAT", 2, 1));

/** Mean compact-JSON bytes of the export's resources of `type`. */
function stateBytes(exportText: string, type: string, count: number): number {
  const resources = (
    JSON.parse(exportText) as { deployment: { resources: { type: string }[] } }
  ).deployment.resources.filter((r) => r.type === type);
  if (resources.length !== count)
    throw new Error(`export has ${resources.length} resources of ${type}, expected ${count}`);
  return Math.round(resources.reduce((a, r) => a + Buffer.byteLength(JSON.stringify(r)), 0) / count);
}

async function pluginUp(count: number): Promise<{ ms: number; requests: number; stateBytes: number }> {
  await buildFixture("plugin-monitors");
  const server = await ChildServer.start();
  const stack = await BenchStack.create("plugin-monitors", {
    "uptime:baseUrl": server.url,
    "uptime:apiKey": { value: server.apiKey, secret: true },
    "bench:count": String(count),
    "bench:prefix": "plugin",
  });
  try {
    await server.reset();
    const up = ok(await stack.up(), "pulumi up (plugin)");
    const stats = await server.stats();
    const created = summary(up.stdout).create ?? 0;
    // The stack resource counts as one more (the default provider is not counted).
    if (created !== count + 1)
      throw new Error(`plugin: ${created} created, expected ${count} + the stack:\n${up.stdout.slice(-3000)}`);
    await checkServerHolds(server, "plugin", count);
    return {
      ms: up.ms,
      requests: stats.total,
      stateBytes: stateBytes(await stack.exportText(), "uptime:index:Monitor", count),
    };
  } finally {
    stack.dispose();
    await server.close();
  }
}

export async function b7(count = COUNT): Promise<B7Result> {
  const pluginUpMs: number[] = [];
  const dynamicUpMs: number[] = [];
  let pluginRequests = 0;
  let pluginStateBytes = 0;
  let dynamicStateBytes = 0;
  for (let i = 0; i < REPEAT; i++) {
    const p = await pluginUp(count);
    pluginUpMs.push(p.ms);
    pluginRequests = p.requests;
    pluginStateBytes = p.stateBytes;
    console.log(
      `B7 plugin: up of ${count} monitors: ${secs(p.ms)} (${p.requests} requests), state ${p.stateBytes} B per monitor`,
    );
    const d = await deployMonitors(count, { prefix: "dynamic" });
    try {
      dynamicUpMs.push(d.upMs);
      dynamicStateBytes = stateBytes(await d.stack.exportText(), "pulumi-nodejs:dynamic/uptime:Monitor", count);
      console.log(`B7 dynamic: up of ${count} monitors: ${secs(d.upMs)}, state ${dynamicStateBytes} B per monitor`);
    } finally {
      await d.dispose();
    }
  }
  const startupMs: number[] = [];
  const startupCpuMs: number[] = [];
  const nodeStartMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    nodeStartMs.push((await timeToFirstLine(process.execPath, ["-e", "console.log(1)"])).wallMs);
    const s = await timeToFirstLine(LAUNCHER, []);
    startupMs.push(s.wallMs);
    startupCpuMs.push(s.cpuMs);
  }
  const best = (xs: number[]) => Math.min(...xs);
  console.log(
    `B7 ratios (fastest of ${REPEAT}): plugin up / dynamic up = ${ratio(best(pluginUpMs), best(dynamicUpMs))}; plugin start-up ${startupMs.map((m) => `${m.toFixed(0)} ms`).join(", ")} (CPU ${startupCpuMs.map((m) => `${m.toFixed(0)} ms`).join(", ")}; node alone ${nodeStartMs.map((m) => `${m.toFixed(0)} ms`).join(", ")})`,
  );
  return {
    count,
    pluginUpMs,
    dynamicUpMs,
    pluginRequests,
    pluginStateBytes,
    dynamicStateBytes,
    startupMs,
    startupCpuMs,
    nodeStartMs,
  };
}

if (require.main === module) runMain(b7);
