/**
 * B13: `pulumi preview` (no changes) of 200 deployed monitors with the policy pack (policy/,
 * every rule mandatory, all passing) ÷ the same preview without it, with two launchers of the
 * pack: this repository's build of the Node.js language host (its RunPlugin, which starts the
 * compiled pack without TypeScript and without a process to find run-policy-pack:
 * tools/pulumi/nodejs-langhost/run-plugin), and the same host emulating the path a stock CLI's
 * host takes (PULUMI_UPTIME_POLICY_LAUNCHER=stock: the `pulumi-analyzer-policy` script, one node
 * process to find run-policy-pack, which then loads TypeScript); a stock CLI's own host is not
 * measured (the module proxy serves none newer than the one this host is built from). One stack, deployed once
 * through the dynamic resources; the three sides rotate, BENCH_POLICY_REPEAT rounds (default 3)
 * after one warm-up each, in one run. Target: with ÷ without at most 1.3 on the emulated stock path
 * (median of the rounds' ratios; the best of each side beside it). Runs apart: `npm run
 * bench:policy`; keeps its own section of RESULTS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { COUNT, deployMonitors, machine, median, ok, pairRatios, secs } from "./lib/common";
import { SMOKE, sized } from "./lib/smoke";
import { REPO, type RunResult } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";

const REPEAT = sized("BENCH_POLICY_REPEAT", 3, 1);
const RATIO_TARGET = 1.3;

/** Every rule on and mandatory, set so that the fixture's monitors meet them all. */
const PACK_CONFIG = {
  all: "mandatory",
  "uptime-alerts-required": { enforcementLevel: "mandatory", channel: "email" },
  "uptime-interval-ceiling": { enforcementLevel: "mandatory", maxInterval: 900 },
  "uptime-name-pattern": { enforcementLevel: "mandatory", pattern: "^bench " },
};

/** The preview without the pack, and with it through each launcher. */
type Side = "without" | "ours" | "stock";
const SIDES: Side[] = ["without", "ours", "stock"];

export interface B13Result {
  count: number;
  /** Each side's runs, in the rounds' order. */
  ms: Record<Side, number[]>;
  /** With the stock launcher ÷ without: the median of the rounds' ratios (the target's measure). */
  ratio: number;
}

export async function b13(count = COUNT): Promise<B13Result> {
  const deployed = await deployMonitors(count);
  const dir = mkdtempSync(join(tmpdir(), "bench-b13-"));
  try {
    const config = join(dir, "policy-config.json");
    writeFileSync(config, JSON.stringify(PACK_CONFIG));
    const pack = ["--policy-pack", join(REPO, "policy"), "--policy-pack-config", config];
    const preview = async (side: Side): Promise<RunResult> => {
      const r = ok(
        await deployed.stack.preview(
          ["--expect-no-changes", ...(side === "without" ? [] : pack)],
          side === "stock" ? { PULUMI_UPTIME_POLICY_LAUNCHER: "stock" } : {},
        ),
        `pulumi preview (${side === "without" ? "without the policy pack" : `with the pack, ${side} launcher`})`,
      );
      // The pack ran and passed every monitor (a pack that did not load would be cheaper).
      if (side !== "without" && !/✅ pulumi-uptime@/.test(r.stdout))
        throw new Error(`the policy pack did not report a pass:\n${r.stdout.slice(-3000)}`);
      return r;
    };
    // A warm-up of each side; a smoke run measures nothing, so it goes without.
    if (!SMOKE) for (const side of SIDES) await preview(side);
    const ms: Record<Side, number[]> = { without: [], ours: [], stock: [] };
    for (let i = 0; i < REPEAT; i++) {
      // Rotate which side goes first, so that none always follows another.
      for (let k = 0; k < SIDES.length; k++) {
        const side = SIDES[(i + k) % SIDES.length];
        ms[side].push((await preview(side)).ms);
      }
    }
    return { count, ms, ratio: median(pairRatios(ms.stock, ms.without)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await deployed.dispose();
  }
}

const section = resultsSection("B13");
/** The B13 section of RESULTS.md text, for `npm run bench` to keep. */
export const b13Blocks = section.blocks;

export function b13Section(r: B13Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const row = (label: string, xs: number[]) =>
    `| ${label} | ${list(xs)} | ${secs(Math.min(...xs))} | ${secs(median(xs))} |`;
  const ratios = (side: Side) => {
    const pairs = pairRatios(r.ms[side], r.ms.without);
    const best = Math.min(...r.ms[side]) / Math.min(...r.ms.without);
    return `${pairs.map((x) => x.toFixed(2)).join(", ")} | **${median(pairs).toFixed(2)}** | ${best.toFixed(2)}`;
  };
  return [
    `## B13: \`preview\` of ${r.count} monitors with the policy pack ÷ without (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. One stack of`,
    `${r.count} deployed monitors (dynamic resources), \`preview --expect-no-changes\`; the pack with all six rules on`,
    "and mandatory, every monitor passing, started by this repository's build of the Node.js host both directly and",
    "on its emulation of a stock CLI's launch path (not a stock CLI's own host); the three sides rotated after a warm-up of each. A round's ratio compares runs made one after",
    "the other; the target is judged on the median of the rounds on the emulated stock path.",
    "",
    "| | runs | best | median |",
    "|---|---|---|---|",
    row("with the pack, stock launch path (emulated)", r.ms.stock),
    row("with the pack, this build's launcher", r.ms.ours),
    row("without", r.ms.without),
    "",
    "| ÷ without | rounds | median of the rounds | best ÷ best |",
    "|---|---|---|---|",
    `| stock launch path (emulated) | ${ratios("stock")} |`,
    `| this build's launcher | ${ratios("ours")} |`,
    "",
    `On the emulated stock path ${r.ratio.toFixed(2)}; target at most ${RATIO_TARGET}: ${r.ratio <= RATIO_TARGET ? "yes" : "**no**"}.`,
  ].join("\n");
}

if (require.main === module) section.runMain(b13, b13Section);
