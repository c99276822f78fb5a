/**
 * B13: `pulumi preview` (no changes) of 200 deployed monitors with the policy pack (policy/,
 * every rule mandatory, all passing) ÷ the same preview without it. One stack, deployed once
 * through the dynamic resources; the two sides alternate, BENCH_POLICY_REPEAT times each
 * (default 3) after one warm-up each, in one run. Target: best with ÷ best without at most
 * 1.3. Runs apart: `npm run bench:policy`; keeps its own section of RESULTS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { COUNT, deployMonitors, machine, ok, ratio, secs } from "./lib/common";
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

export interface B13Result {
  count: number;
  withMs: number[];
  withoutMs: number[];
  ratio: number;
}

export async function b13(count = COUNT): Promise<B13Result> {
  const deployed = await deployMonitors(count);
  const dir = mkdtempSync(join(tmpdir(), "bench-b13-"));
  try {
    const config = join(dir, "policy-config.json");
    writeFileSync(config, JSON.stringify(PACK_CONFIG));
    const pack = ["--policy-pack", join(REPO, "policy"), "--policy-pack-config", config];
    const preview = async (withPack: boolean): Promise<RunResult> => {
      const r = ok(
        await deployed.stack.preview(["--expect-no-changes", ...(withPack ? pack : [])]),
        `pulumi preview ${withPack ? "with" : "without"} the policy pack`,
      );
      // The pack ran and passed every monitor (a pack that did not load would be cheaper).
      if (withPack && !/✅ pulumi-uptime@/.test(r.stdout))
        throw new Error(`the policy pack did not report a pass:\n${r.stdout.slice(-3000)}`);
      return r;
    };
    // A warm-up of each side; a smoke run measures nothing, so it goes without.
    if (!SMOKE) {
      await preview(false);
      await preview(true);
    }
    const withoutMs: number[] = [];
    const withMs: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      // Alternate which side goes first, so that neither always follows the other.
      const order = i % 2 === 0 ? [false, true] : [true, false];
      for (const side of order) (side ? withMs : withoutMs).push((await preview(side)).ms);
    }
    return { count, withMs, withoutMs, ratio: Math.min(...withMs) / Math.min(...withoutMs) };
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
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [
    `## B13: \`preview\` of ${r.count} monitors with the policy pack ÷ without (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. One stack of`,
    `${r.count} deployed monitors (dynamic resources), \`preview --expect-no-changes\`; the pack with all six rules on`,
    "and mandatory, every monitor passing; sides alternated after a warm-up of each, best of each compared.",
    "",
    "| | runs | best | median |",
    "|---|---|---|---|",
    `| with \`--policy-pack policy\` | ${list(r.withMs)} | ${secs(Math.min(...r.withMs))} | ${secs(median(r.withMs))} |`,
    `| without | ${list(r.withoutMs)} | ${secs(Math.min(...r.withoutMs))} | ${secs(median(r.withoutMs))} |`,
    "",
    `Ratio ${ratio(Math.min(...r.withMs), Math.min(...r.withoutMs))} (medians ${ratio(median(r.withMs), median(r.withoutMs))}); target at most ${RATIO_TARGET}: ${r.ratio <= RATIO_TARGET ? "yes" : "**no**"}.`,
  ].join("\n");
}

if (require.main === module) {
  b13().then(
    (r) => {
      const text = b13Section(r);
      section.write(text);
      console.log(text);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
