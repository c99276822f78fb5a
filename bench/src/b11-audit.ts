/**
 * B11: `pulumi-uptime audit` of 100 stacks of 20 monitors each (2,000 monitors, one account
 * on the local server) on a file backend, against the floor: `pulumi stack export` of the
 * same 100 stacks run the same way (the same CLI, environment and directory, as many at once
 * as the audit runs), a process of its own. Sides alternate (which goes first too),
 * BENCH_AUDIT_REPEAT times (default 4), after one warm-up each. Targets: best audit ÷ best
 * floor at most 1.5, peak memory of the audit at most 300 MB. The backend is built by
 * lib/audit-fleet.ts (one real `up`, the other stacks imported). Runs apart: `npm run
 * bench:audit`; keeps its own section of RESULTS.md. BENCH_AUDIT_STACKS and
 * BENCH_AUDIT_PER_STACK change the sizes.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildAuditFleet, type AuditFleet } from "./lib/audit-fleet";
import { machine, ratio, secs } from "./lib/common";
import { sized } from "./lib/smoke";
import { measuredNode, type MeasuredRun } from "./lib/measured-node";
import { CLI_BIN, PULUMI_BIN, REPO } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";

const STACKS = sized("BENCH_AUDIT_STACKS", 100, 2);
const PER_STACK = sized("BENCH_AUDIT_PER_STACK", 20, 2);
const REPEAT = sized("BENCH_AUDIT_REPEAT", 4, 1);
const RATIO_TARGET = 1.5;
const MEMORY_TARGET_MB = 300;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled audit, found at run time
const { STACK_READS_AT_ONCE } = require(join(REPO, "dist", "audit", "read-stack.js")) as {
  STACK_READS_AT_ONCE: number;
};

export interface MemoryPeaks {
  node: number;
  treePss: number;
  treeRss: number;
}

export interface B11Result {
  stacks: number;
  perStack: number;
  concurrency: number;
  upMs: number;
  importMs: number;
  auditMs: number[];
  floorMs: number[];
  /** CPU time of each run with its pulumi processes. */
  auditCpuMs: number[];
  floorCpuMs: number[];
  /** Peaks in MB: the node process, and the tree's sums of Pss and of RSS. */
  auditMb: MemoryPeaks;
  floorMb: MemoryPeaks;
  managed: number;
  ratio: number;
}

/** Throws unless the audit found every monitor managed once and nothing else. */
function checkAudit(run: MeasuredRun, expected: number): number {
  if (run.code !== 0) throw new Error(`audit exited ${run.code}: ${run.stderr.slice(-2000)}`);
  const report = JSON.parse(run.stdout) as Record<
    "managed" | "unmanaged" | "conflicts" | "missing" | "unreadable",
    unknown[]
  >;
  const others = (["unmanaged", "conflicts", "missing", "unreadable"] as const).filter((k) => report[k].length);
  if (report.managed.length !== expected || others.length)
    throw new Error(`audit: ${report.managed.length} managed of ${expected}; findings: ${others.join(", ")}`);
  return report.managed.length;
}

export async function b11(): Promise<B11Result> {
  const fleet: AuditFleet = await buildAuditFleet(STACKS, PER_STACK);
  try {
    const auditEnv = { ...fleet.env, UPTIME_BASE_URL: fleet.server.url, UPTIME_API_KEY: fleet.server.apiKey };
    // Every finding fails the run, so a wrong state cannot pass for a fast one.
    const audit = [CLI_BIN, "audit", "--json", "--fail-on", "unmanaged,conflict,missing,unreadable"];
    const floor = [
      join(__dirname, "lib", "stack-exports.js"),
      join(PULUMI_BIN, "pulumi"),
      String(STACK_READS_AT_ONCE),
      ...fleet.stacks,
    ];
    const runAudit = () => measuredNode(audit, { env: auditEnv, tree: true });
    const runFloor = () => measuredNode(floor, { env: fleet.env, tree: true });

    // Warm both (the disk cache, the CLI's binary), then alternate, each side first in turn.
    checkAudit(await runAudit(), STACKS * PER_STACK);
    await runFloor();
    const audits: MeasuredRun[] = [];
    const floors: MeasuredRun[] = [];
    for (let i = 0; i < REPEAT; i++) {
      if (i % 2 === 0) {
        floors.push(await runFloor());
        audits.push(await runAudit());
      } else {
        audits.push(await runAudit());
        floors.push(await runFloor());
      }
    }
    let managed = 0;
    for (const a of audits) managed = checkAudit(a, STACKS * PER_STACK);
    for (const f of floors)
      if (f.code !== 0 || Number(f.stdout.trim()) !== STACKS)
        throw new Error(`floor exported ${f.stdout.trim()} of ${STACKS}: ${f.stderr.slice(-2000)}`);
    const best = (runs: MeasuredRun[]) => Math.min(...runs.map((r) => r.wallMs));
    const peaks = (runs: MeasuredRun[]): MemoryPeaks => ({
      node: Math.max(...runs.map((r) => r.nodeRssKb)) / 1024,
      treePss: Math.max(...runs.map((r) => r.tree!.pssKb)) / 1024,
      treeRss: Math.max(...runs.map((r) => r.tree!.rssKb)) / 1024,
    });
    return {
      stacks: STACKS,
      perStack: PER_STACK,
      concurrency: STACK_READS_AT_ONCE,
      upMs: fleet.upMs,
      importMs: fleet.importMs,
      auditMs: audits.map((r) => r.wallMs),
      floorMs: floors.map((r) => r.wallMs),
      auditCpuMs: audits.map((r) => r.cpuMs),
      floorCpuMs: floors.map((r) => r.cpuMs),
      auditMb: peaks(audits),
      floorMb: peaks(floors),
      managed,
      ratio: best(audits) / best(floors),
    };
  } finally {
    await fleet.dispose();
  }
}

const section = resultsSection("B11");
/** The B11 section of RESULTS.md text, for `npm run bench` to keep. */
export const b11Blocks = section.blocks;

export function b11Section(r: B11Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  const min = (xs: number[]) => Math.min(...xs);
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  return [
    `## B11: \`pulumi-uptime audit\` of ${r.stacks} stacks of ${r.perStack} monitors (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. A file backend of`,
    `${r.stacks} stacks: one deployed by \`up\` (${secs(r.upMs)}), the others imported from its state with the ids of`,
    `monitors created through the client (${secs(r.importMs)}); ${r.managed} monitors in one account on the local server, each`,
    `reported managed once by every audit run (which fails on any other finding). Each side a process of its own,`,
    `${r.concurrency} \`pulumi stack export\` at a time on both; sides alternated, best of each compared. Memory, peaks of`,
    "all runs: the node process's own (exact), and sampled every 50 ms over it with the pulumi processes it starts, the",
    "sum of their Pss (shared pages, such as the pulumi binary's, split among the processes: what the tree holds) and",
    "of their RSS (shared pages counted once per process).",
    "",
    "CPU: user and system time of the process and the pulumi processes it waited for, less swayed by the machine's",
    "other work than wall time.",
    "",
    "| | runs | best | CPU, least | node | with its pulumi processes: Pss / RSS |",
    "|---|---|---|---|---|---|",
    `| \`pulumi-uptime audit --json\` | ${list(r.auditMs)} | ${secs(min(r.auditMs))} | ${secs(min(r.auditCpuMs))} | ${mb(r.auditMb.node)} | ${mb(r.auditMb.treePss)} / ${mb(r.auditMb.treeRss)} |`,
    `| floor: \`pulumi stack export\` of each stack | ${list(r.floorMs)} | ${secs(min(r.floorMs))} | ${secs(min(r.floorCpuMs))} | ${mb(r.floorMb.node)} | ${mb(r.floorMb.treePss)} / ${mb(r.floorMb.treeRss)} |`,
    "",
    `Ratio ${ratio(min(r.auditMs), min(r.floorMs))}, in CPU ${ratio(min(r.auditCpuMs), min(r.floorCpuMs))} (target at most ${RATIO_TARGET}: ${yes(r.ratio <= RATIO_TARGET)}); memory ${mb(r.auditMb.node)} for the node process, ${mb(r.auditMb.treePss)} with its pulumi processes (target at most ${MEMORY_TARGET_MB} MB: ${yes(r.auditMb.node <= MEMORY_TARGET_MB)} and ${yes(r.auditMb.treePss <= MEMORY_TARGET_MB)}).`,
  ].join("\n");
}

if (require.main === module) section.runMain(b11, b11Section);
