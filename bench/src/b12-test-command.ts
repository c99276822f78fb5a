/**
 * B12: `pulumi-uptime test --file` of 1,000 monitors against loopback targets at
 * concurrency 32, against the floor: plain GETs of the same URLs at the same concurrency on
 * the transport the command's checks use (Node's http/https with a keep-alive agent, not
 * undici, which the command never loads). Both sides run as their own Node process, started
 * the same way (`node --require report-rss.js <script>`), so each pays the same process start,
 * and each its own module load (the floor only Node's own, the command what \`test --file\` needs); they
 * alternate, in turn first, BENCH_TEST_REPEAT times (default 5), in one run; the targets
 * answer from a third process. The floor also reports its GETs alone (first GET to last
 * answer), shown beside it. Targets: total time ÷ the floor at most 1.3 on the median of the
 * alternated pairs (run i of the command ÷ run i of the floor, which ran beside it), with the best
 * of each side and the CPU-time ratios beside it; peak memory of the command at most 300 MB. Runs apart: `node bench/dist/b12-test-command.js`
 * (after `npm run build` and `tsc -p bench`); keeps its own section of RESULTS.md.
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { machine, median, pairRatios } from "./lib/common";
import { sized } from "./lib/smoke";
import { measuredNode, type MeasuredRun } from "./lib/measured-node";
import { CLI_BIN } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";

const MONITORS = sized("BENCH_TEST_MONITORS", 1000, 10);
const CONCURRENCY = 32;
const REPEAT = sized("BENCH_TEST_REPEAT", 5, 1);
const RATIO_TARGET = 1.3;
const MEMORY_TARGET_MB = 300;

export interface B12Result {
  monitors: number;
  concurrency: number;
  commandMs: number[];
  floorMs: number[];
  /** The floor's GETs alone, without its process start and module load. */
  floorGetsMs: number[];
  commandCpuMs: number[];
  floorCpuMs: number[];
  commandRssMb: number;
  floorRssMb: number;
  /** Median of the pairs' wall-time ratios: what the target is judged on. */
  ratio: number;
  passed: number;
}

/** The ratios B12 reports, from its runs. */
export function b12Ratios(r: Pick<B12Result, "commandMs" | "floorMs" | "commandCpuMs" | "floorCpuMs">): {
  pairs: number[];
  median: number;
  best: number;
  cpuPairs: number[];
  cpuMedian: number;
  cpuBest: number;
} {
  const pairs = pairRatios(r.commandMs, r.floorMs);
  const cpuPairs = pairRatios(r.commandCpuMs, r.floorCpuMs);
  return {
    pairs,
    median: median(pairs),
    best: Math.min(...r.commandMs) / Math.min(...r.floorMs),
    cpuPairs,
    cpuMedian: median(cpuPairs),
    cpuBest: Math.min(...r.commandCpuMs) / Math.min(...r.floorCpuMs),
  };
}

export async function b12(): Promise<B12Result> {
  const targets = fork(join(__dirname, "lib", "target-child.js"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const base = await new Promise<string>((resolve) => targets.once("message", (m: { url: string }) => resolve(m.url)));
  const dir = mkdtempSync(join(tmpdir(), "bench-b12-"));
  try {
    const urls = Array.from({ length: MONITORS }, (_, i) => `${base}/service/${i}/health`);
    writeFileSync(join(dir, "urls.txt"), urls.join("\n"));
    const yaml = ["monitors:"];
    urls.forEach((url, i) =>
      yaml.push(`  m${i}:`, `    name: bench monitor ${i}`, `    url: ${url}`, `    interval: 60`),
    );
    writeFileSync(join(dir, "monitors.yaml"), `${yaml.join("\n")}\n`);
    const command = [
      CLI_BIN,
      "test",
      "--file",
      join(dir, "monitors.yaml"),
      "--concurrency",
      String(CONCURRENCY),
      "--json",
    ];
    const floor = [join(__dirname, "lib", "node-http-gets.js"), join(dir, "urls.txt"), String(CONCURRENCY)];

    // Warm both (disk cache, the targets' JIT), then alternate.
    await measuredNode(floor);
    await measuredNode(command);
    const commandRuns: MeasuredRun[] = [];
    const floorRuns: MeasuredRun[] = [];
    for (let i = 0; i < REPEAT; i++) {
      if (i % 2 === 0) {
        floorRuns.push(await measuredNode(floor));
        commandRuns.push(await measuredNode(command));
      } else {
        commandRuns.push(await measuredNode(command));
        floorRuns.push(await measuredNode(floor));
      }
    }
    const last = commandRuns[commandRuns.length - 1];
    if (last.code !== 0) throw new Error(`test exited ${last.code}: ${last.stdout.slice(0, 500)}`);
    const passed = (JSON.parse(last.stdout) as { results: { outcome: string }[] }).results.filter(
      (r) => r.outcome === "pass",
    ).length;
    const floorOk = Number(floorRuns[floorRuns.length - 1].stdout.trim().split(" ")[0]);
    if (passed !== MONITORS || floorOk !== MONITORS)
      throw new Error(`passed ${passed}, floor ${floorOk} of ${MONITORS}`);
    const runs = {
      commandMs: commandRuns.map((r) => r.wallMs),
      floorMs: floorRuns.map((r) => r.wallMs),
      commandCpuMs: commandRuns.map((r) => r.cpuMs),
      floorCpuMs: floorRuns.map((r) => r.cpuMs),
    };
    return {
      monitors: MONITORS,
      concurrency: CONCURRENCY,
      ...runs,
      floorGetsMs: floorRuns.map((r) => Number(r.stdout.trim().split(" ")[1])),
      commandRssMb: Math.max(...commandRuns.map((r) => r.nodeRssKb)) / 1024,
      floorRssMb: Math.max(...floorRuns.map((r) => r.nodeRssKb)) / 1024,
      ratio: b12Ratios(runs).median,
      passed,
    };
  } finally {
    targets.send({ cmd: "close" });
    rmSync(dir, { recursive: true, force: true });
  }
}

const section = resultsSection("B12");
/** The B12 section of RESULTS.md text, for `npm run bench` to keep. */
export const b12Blocks = section.blocks;

export function b12Section(r: B12Result): string {
  const m = machine();
  // Runs of a few tenths of a second: shown to the millisecond, or the table hides what the ratios say.
  const secs = (x: number) => `${(x / 1000).toFixed(3)} s`;
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const ms = (xs: number[]) => xs.map((x) => `${x} ms`).join(", ");
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  const fixed = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(", ");
  const q = b12Ratios(r);
  return [
    `## B12: \`pulumi-uptime test\` of ${r.monitors} monitors at concurrency ${r.concurrency} (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. Targets on`,
    "127.0.0.1 in their own process; each side a process of its own, started the same way (start-up and its own module",
    "load included), sides alternated (each first in turn); run i of the command and run i of the floor form a pair,",
    "and the target is judged on the median of the pairs' ratios (the best of each side, which may come from different",
    "minutes of a busy machine, is shown beside it).",
    "",
    "| | runs | best | peak memory |",
    "|---|---|---|---|",
    `| \`pulumi-uptime test --file\` (${r.passed} pass) | ${list(r.commandMs)} | ${secs(Math.min(...r.commandMs))} | ${r.commandRssMb.toFixed(0)} MB |`,
    `| floor: node:http keep-alive GETs | ${list(r.floorMs)} | ${secs(Math.min(...r.floorMs))} | ${r.floorRssMb.toFixed(0)} MB |`,
    `| of which the GETs alone (no start, no module load) | ${list(r.floorGetsMs)} | ${secs(Math.min(...r.floorGetsMs))} | |`,
    `| CPU time of the command (user + system) | ${ms(r.commandCpuMs)} | ${Math.min(...r.commandCpuMs)} ms | |`,
    `| CPU time of the floor (user + system) | ${ms(r.floorCpuMs)} | ${Math.min(...r.floorCpuMs)} ms | |`,
    "",
    "| ratio (command ÷ floor) | pairs | median of the pairs | best ÷ best |",
    "|---|---|---|---|",
    `| wall time | ${fixed(q.pairs)} | **${q.median.toFixed(2)}** | ${q.best.toFixed(2)} |`,
    `| CPU time (user + system) | ${fixed(q.cpuPairs)} | ${q.cpuMedian.toFixed(2)} | ${q.cpuBest.toFixed(2)} |`,
    "",
    `Median of the pairs ${q.median.toFixed(2)} (target at most ${RATIO_TARGET}: ${yes(r.ratio <= RATIO_TARGET)}); the CPU ratio beside it, as the wall ratio on a loaded machine shrinks towards 1 (both sides wait for a core) and the CPU ratio does not; memory ${r.commandRssMb.toFixed(0)} MB (target at most ${MEMORY_TARGET_MB} MB: ${yes(r.commandRssMb <= MEMORY_TARGET_MB)}).`,
  ].join("\n");
}

if (require.main === module) section.runMain(b12, b12Section);
