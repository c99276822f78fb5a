/**
 * B16: `up` and `preview` (no changes) of N services × 4 checks as `ServiceMonitors`
 * components (the plugin's Construct makes the monitors) ÷ the same 4N monitors declared
 * directly (`uptime:index:Monitor`), both through the plugin (bench/fixtures/plugin-services),
 * each side on a fresh local server (warmed up first, lib/server.ts), sides alternated BENCH_SERVICES_REPEAT times (default 1)
 * in one run. Target: at most 1.2 for each. N: BENCH_SERVICES (default 50, so 200 monitors).
 * Runs apart: `npm run bench:services`; keeps its own section of RESULTS.md.
 */
import { loadavg } from "node:os";
import { machine, ok, ratio, secs } from "./lib/common";
import { BenchStack, buildFixture, summary } from "./lib/pulumi";
import { ChildServer, monitorNames, warmUp } from "./lib/server";
import { resultsSection } from "./lib/results-section";
import { sized } from "./lib/smoke";

const SERVICES = sized("BENCH_SERVICES", 50, 1);
const REPEAT = Math.max(1, Number(process.env.BENCH_SERVICES_REPEAT ?? 1));
const CHECKS = 4;
const TARGET = 1.2;

interface Side {
  upMs: number[];
  previewMs: number[];
}

export interface B16Result {
  services: number;
  components: Side;
  direct: Side;
  upRatio: number;
  previewRatio: number;
}

/** One sample of a side: `up` on a fresh server and stack, then a no-change `preview`. */
async function sample(direct: boolean, side: Side): Promise<void> {
  const server = await ChildServer.start();
  // A fresh server compiles its code on its first few hundred requests: not either side's cost.
  await warmUp(server, SERVICES * CHECKS);
  const stack = await BenchStack.create("plugin-services", {
    "uptime:baseUrl": server.url,
    "uptime:apiKey": { value: server.apiKey, secret: true },
    "bench:services": String(SERVICES),
    "bench:direct": String(direct),
  });
  const what = direct ? "monitors" : "components";
  try {
    const up = ok(await stack.up(), `pulumi up (${what})`);
    // The stack, and the components when there are some; the default provider is not counted.
    const expected = SERVICES * CHECKS + 1 + (direct ? 0 : SERVICES);
    if ((summary(up.stdout).create ?? 0) !== expected)
      throw new Error(
        `${what}: ${summary(up.stdout).create} created, expected ${expected}:\n${up.stdout.slice(-3000)}`,
      );
    // Both sides made the same monitors: <stack>/svc-<i>/<key>, each once.
    const want = Array.from({ length: SERVICES }, (_, i) =>
      ["health", "home", "api", "login"].map((k) => `${stack.stack}/svc-${i}/${k}`),
    ).flat();
    const names = (await monitorNames(server)).sort();
    if (JSON.stringify(names) !== JSON.stringify(want.sort()))
      throw new Error(`${what}: the server holds ${names.length} monitors, not the ${want.length} expected`);
    const preview = ok(await stack.preview(["--expect-no-changes"]), `pulumi preview (${what})`);
    side.upMs.push(up.ms);
    side.previewMs.push(preview.ms);
    console.log(`B16 ${what}: up ${secs(up.ms)}, preview ${secs(preview.ms)}`);
  } finally {
    stack.dispose();
    await server.close();
  }
}

export async function b16(): Promise<B16Result> {
  await buildFixture("plugin-services");
  const components: Side = { upMs: [], previewMs: [] };
  const direct: Side = { upMs: [], previewMs: [] };
  for (let i = 0; i < REPEAT; i++) {
    // Alternate which side goes first.
    const order = i % 2 === 0 ? [false, true] : [true, false];
    for (const d of order) await sample(d, d ? direct : components);
  }
  const best = (xs: number[]) => Math.min(...xs);
  return {
    services: SERVICES,
    components,
    direct,
    upRatio: best(components.upMs) / best(direct.upMs),
    previewRatio: best(components.previewMs) / best(direct.previewMs),
  };
}

const section = resultsSection("B16");
/** The B16 section of RESULTS.md text, for `npm run bench` to keep. */
export const b16Blocks = section.blocks;

export function b16Section(r: B16Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const yes = (x: number) => (x <= TARGET ? "yes" : "**no**");
  return [
    `## B16: ${r.services} ServiceMonitors × ${CHECKS} checks ÷ the same ${r.services * CHECKS} monitors declared directly (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. Both through the`,
    "plugin, each sample on a fresh local server and stack; sides alternated; best of each compared.",
    "",
    "| | components | direct | ratio | target ≤ 1.2 |",
    "|---|---|---|---|---|",
    `| \`up\` | ${list(r.components.upMs)} | ${list(r.direct.upMs)} | ${ratio(Math.min(...r.components.upMs), Math.min(...r.direct.upMs))} | ${yes(r.upRatio)} |`,
    `| \`preview\` (no changes) | ${list(r.components.previewMs)} | ${list(r.direct.previewMs)} | ${ratio(Math.min(...r.components.previewMs), Math.min(...r.direct.previewMs))} | ${yes(r.previewRatio)} |`,
    "",
    belowOne("`up`", r.upRatio, [r.components.upMs, r.direct.upMs]),
    belowOne("`preview`", r.previewRatio, [r.components.previewMs, r.direct.previewMs]),
  ].join("\n");
}

/** The samples' spread: the slowest over the fastest, less one. */
function spread(xs: number[]): number {
  return Math.max(...xs) / Math.min(...xs) - 1;
}

/**
 * What a ratio below 1 means: a component registers the same monitors plus one Construct
 * call, so it cannot be faster; a ratio below 1 by less than the samples' spread is noise.
 */
function belowOne(what: string, r: number, sides: number[][]): string {
  if (r >= 1) return "";
  const widest = Math.max(...sides.map(spread));
  return r > 1 - widest
    ? `${what}: ${r.toFixed(2)} is within the samples' spread (up to ${(widest * 100).toFixed(0)} % between runs of one side): no speed-up is claimed, only no measurable cost.`
    : `${what}: ${r.toFixed(2)} is below 1 by more than the samples' spread (${(widest * 100).toFixed(0)} %): look for what the direct side did more of.`;
}

if (require.main === module) section.runMain(b16, b16Section);
