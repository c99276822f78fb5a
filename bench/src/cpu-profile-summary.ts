/**
 * Adds up the CPU profiles a profiled B9 run wrote (BENCH_FLEET_CPU_PROFILE, see
 * lib/cpu-profile-preload.ts) and prints, per series and process role, the sampled time
 * by where the code lives (our dist/, each package, node's own) and the functions with the
 * most self time, so the provider's profile can be read beside the floor's.
 *
 *   node bench/dist/cpu-profile-summary.js <dir> [top=25]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a script lives: `ours` (dist/ of the checkout), a package's name, `node`, or `(vm)`. */
function placeOf(url: string): string {
  if (!url) return "(vm)";
  if (url.startsWith("node:")) return "node";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (pkg && pkg[1] !== "pulumi-uptime") return pkg[1];
  if (/\/dist\//.test(url)) return `ours ${url.replace(/^.*\/dist\//, "dist/").replace(/\/[^/]*$/, "/")}`;
  return url.replace(/^file:\/\//, "");
}

/** Self time (ms) per node id of one profile, from its samples and time deltas. */
function selfTimes(p: Profile): Map<number, number> {
  const out = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the delta to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    out.set(samples[i], (out.get(samples[i]) ?? 0) + ms);
  }
  return out;
}

function summarize(dir: string, role: string, top: number): void {
  const files = readdirSync(dir).filter((f) => f.startsWith(`${role}-`) && f.endsWith(".cpuprofile"));
  if (!files.length) return;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const f of files) {
    const p = JSON.parse(readFileSync(join(dir, f), "utf8")) as Profile;
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    for (const [id, ms] of selfTimes(p)) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      total += ms;
      const place = placeOf(url);
      byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
      const fn = `${functionName || "(anonymous)"} ${place}${url ? `:${lineNumber + 1}` : ""}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    }
  }
  const idle = (byFunction.get("(idle) (vm)") ?? 0) + (byFunction.get("(program) (vm)") ?? 0);
  console.log(
    `\n## ${dir} ${role}: ${files.length} profiles, ${total.toFixed(0)} ms sampled, (idle)+(program) ${idle.toFixed(0)} ms`,
  );
  const rows = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log("by place:");
  for (const [k, v] of rows(byPlace)) console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
  console.log("by function (self):");
  for (const [k, v] of rows(byFunction)) console.log(`  ${v.toFixed(0).padStart(7)} ms  ${k}`);
}

const root = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!root) {
  console.error("usage: node bench/dist/cpu-profile-summary.js <dir> [top]");
  process.exit(2);
}
for (const series of readdirSync(root).sort()) {
  for (const role of ["provider", "program", "pack"]) summarize(join(root, series), role, top);
}
