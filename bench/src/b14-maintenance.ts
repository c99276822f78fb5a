/**
 * B14: `pulumi-uptime maintenance start` then `end` over 1,000 monitors selected by
 * `--search`, on the unpaced local server, against the floor: the same PATCHes (each
 * window set, then each cleared) sent with plain undici at the same concurrency (8, the
 * client's default). Both sides run as processes of their own started the same way, and
 * alternate, each first in turn, BENCH_MAINTENANCE_REPEAT times (default 3); the best of
 * each is compared (target at most 1.2). The account also holds 200 monitors the search
 * leaves out. Then, paced: `uptime:requestsPerMinute` (UPTIME_REQUESTS_PER_MINUTE) at the
 * server's limit, over enough monitors that start and end together send more requests than
 * one minute's limit allows: no 429. Runs apart (`npm run bench:maintenance`) and inside
 * `npm run bench`; keeps its own section of RESULTS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { UptimeClient } from "pulumi-uptime";
import { machine, ratio, secs } from "./lib/common";
import { measuredNode, type MeasuredRun } from "./lib/measured-node";
import { CLI_BIN } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";
import { ChildServer, warmUp } from "./lib/server";
import { SMOKE, sized } from "./lib/smoke";

const MONITORS = sized("BENCH_MAINTENANCE_MONITORS", 1000, 10);
const OTHERS = SMOKE ? 5 : 200;
const REPEAT = sized("BENCH_MAINTENANCE_REPEAT", 3, 1);
const CONCURRENCY = 8;
const RATIO_TARGET = 1.2;
const PACED_LIMIT = 120;
// Enough that start and end send more than a minute's limit (a few in smoke mode, which waits for no window).
const PACED_MONITORS = SMOKE ? 3 : 70;

export interface B14Result {
  monitors: number;
  commandMs: number[];
  floorMs: number[];
  floorPatchesMs: number[];
  commandCpuMs: number[];
  floorCpuMs: number[];
  requests: Record<string, number>;
  ratio: number;
  paced: { limit: number; monitors: number; requests: number; refused429: number; wallMs: number; restored: boolean };
}

const CLI = CLI_BIN;

async function createMonitors(client: UptimeClient, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < names.length) {
        const name = names[next++];
        ids.push((await client.monitors.create({ name, url: "https://app.example.com/health", interval: 300 })).id);
      }
    }),
  );
  return ids;
}

function env(server: ChildServer, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, UPTIME_BASE_URL: server.url, UPTIME_API_KEY: server.apiKey, ...extra };
}

async function startThenEnd(server: ChildServer, dir: string, search: string, extra: NodeJS.ProcessEnv = {}) {
  const record = join(dir, "record.json");
  const opts = { env: env(server, extra), cwd: dir };
  const start = await measuredNode(
    [CLI, "maintenance", "start", "--search", search, "--for", "30m", "--record", record],
    opts,
  );
  if (start.code !== 0) throw new Error(`start exited ${start.code}: ${start.stderr.slice(0, 500)}`);
  const end = await measuredNode([CLI, "maintenance", "end", "--record", record], opts);
  if (end.code !== 0) throw new Error(`end exited ${end.code}: ${end.stderr.slice(0, 500)}`);
  return { wallMs: start.wallMs + end.wallMs, cpuMs: start.cpuMs + end.cpuMs, stdout: end.stdout };
}

export async function b14(): Promise<B14Result> {
  const dir = mkdtempSync(join(tmpdir(), "bench-b14-"));
  const server = await ChildServer.start();
  const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: CONCURRENCY });
  try {
    await warmUp(server, SMOKE ? 5 : 200);
    const ids = await createMonitors(
      client,
      Array.from({ length: MONITORS }, (_, i) => `b14 app ${i}`),
    );
    await createMonitors(
      client,
      Array.from({ length: OTHERS }, (_, i) => `b14 other ${i}`),
    );
    writeFileSync(join(dir, "ids.txt"), ids.join("\n"));
    const now = Date.now();
    const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const floor = [
      join(__dirname, "lib", "undici-patches.js"),
      join(dir, "ids.txt"),
      String(CONCURRENCY),
      wall(now),
      wall(now + 1_800_000),
    ];

    // Warm both, then alternate.
    await measuredNode(floor, { env: env(server) });
    await startThenEnd(server, dir, "b14 app");
    const command: { wallMs: number; cpuMs: number }[] = [];
    const floorRuns: MeasuredRun[] = [];
    let requests: Record<string, number> = {};
    for (let i = 0; i < REPEAT; i++) {
      const runFloor = async () => floorRuns.push(await measuredNode(floor, { env: env(server) }));
      const runCommand = async () => {
        await server.reset();
        command.push(await startThenEnd(server, dir, "b14 app"));
        requests = (await server.stats()).byRoute;
      };
      if (i % 2 === 0) {
        await runFloor();
        await runCommand();
      } else {
        await runCommand();
        await runFloor();
      }
    }
    const floorOk = Number(floorRuns[floorRuns.length - 1].stdout.trim().split(" ")[0]);
    if (floorOk !== 2 * MONITORS) throw new Error(`floor: ${floorOk} of ${2 * MONITORS} PATCHes answered 2xx`);
    const best = (xs: number[]) => Math.min(...xs);

    // Paced, on a server that limits the account.
    await server.setRateLimit(PACED_LIMIT);
    const paced = await createMonitors(
      client,
      Array.from({ length: PACED_MONITORS }, (_, i) => `b14 paced ${i}`),
    ).then(async (pacedIds) => {
      await new Promise((r) => setTimeout(r, SMOKE ? 0 : 61_000)); // a fresh window: the creates used this one
      await server.reset();
      const run = await startThenEnd(server, dir, "b14 paced", { UPTIME_REQUESTS_PER_MINUTE: String(PACED_LIMIT) });
      const stats = await server.stats();
      const live = await Promise.all(pacedIds.slice(0, 5).map((id) => client.monitors.get(id)));
      return {
        limit: PACED_LIMIT,
        monitors: PACED_MONITORS,
        requests: stats.total,
        refused429: stats.byStatus["429"] ?? 0,
        wallMs: run.wallMs,
        restored: live.every((m) => m.maintenance_start_at === null),
      };
    });
    return {
      monitors: MONITORS,
      commandMs: command.map((r) => r.wallMs),
      floorMs: floorRuns.map((r) => r.wallMs),
      floorPatchesMs: floorRuns.map((r) => Number(r.stdout.trim().split(" ")[1])),
      commandCpuMs: command.map((r) => r.cpuMs),
      floorCpuMs: floorRuns.map((r) => r.cpuMs),
      requests,
      ratio: best(command.map((r) => r.wallMs)) / best(floorRuns.map((r) => r.wallMs)),
      paced,
    };
  } finally {
    await client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const section = resultsSection("B14");
/** The B14 section of RESULTS.md text, for `npm run bench` to keep. */
export const b14Blocks = section.blocks;
/** Replaces the B14 section of RESULTS.md. */
export const writeB14Section = section.write;

export function b14Section(r: B14Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const ms = (xs: number[]) => xs.map((x) => `${Math.round(x)} ms`).join(", ");
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  const best = (xs: number[]) => Math.min(...xs);
  const routes = Object.entries(r.requests)
    .map(([k, v]) => `${v} × \`${k}\``)
    .join(", ");
  const p = r.paced;
  return [
    `## B14: \`pulumi-uptime maintenance start\` then \`end\` over ${r.monitors} monitors (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. The local server`,
    `in its own process, unpaced, holding ${r.monitors} monitors the search selects and ${OTHERS} it leaves out. Each side`,
    "a process of its own (two for the command: start, then end), started the same way; sides alternated, best compared.",
    "",
    "| | runs | best |",
    "|---|---|---|",
    `| \`maintenance start --search\` + \`end\` | ${list(r.commandMs)} | ${secs(best(r.commandMs))} |`,
    `| floor: the same ${2 * r.monitors} PATCHes with undici, ${CONCURRENCY} at a time | ${list(r.floorMs)} | ${secs(best(r.floorMs))} |`,
    `| of which the PATCHes alone (no start, no module load) | ${list(r.floorPatchesMs)} | ${secs(best(r.floorPatchesMs))} |`,
    `| CPU time of the command (user + system) | ${ms(r.commandCpuMs)} | ${Math.round(best(r.commandCpuMs))} ms |`,
    `| CPU time of the floor (user + system) | ${ms(r.floorCpuMs)} | ${Math.round(best(r.floorCpuMs))} ms |`,
    "",
    `Ratio **${ratio(best(r.commandMs), best(r.floorMs))}** (target at most ${RATIO_TARGET}: ${yes(r.ratio <= RATIO_TARGET)}). The command's requests in its last run: ${routes} (the search's pages at start, the same pages at end to compare each window, then the PATCHes).`,
    "",
    `Paced: with UPTIME_REQUESTS_PER_MINUTE=${p.limit} on a server that allows the account ${p.limit} a minute, start and end over ${p.monitors} monitors sent ${p.requests} requests (more than one minute's limit) in ${secs(p.wallMs)}: **${p.refused429} × 429** (target none: ${yes(p.refused429 === 0)}); windows cleared again: ${yes(p.restored)}.`,
  ].join("\n");
}

if (require.main === module) section.runMain(b14, b14Section);
