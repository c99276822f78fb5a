/**
 * B7, the released plugin: side by side in one run,
 *  - start-up of the standalone executable (dist/plugin-bin/<this platform>/, what the release
 *    archive holds) to the port on its stdout, beside a bare `node -e 0` (this machine's node,
 *    and the Node.js the executable is built on), samples interleaved;
 *  - a no-op `preview` of 10 monitors in YAML through the plugin installed from this machine's
 *    release archive (`pulumi plugin install --file`, as the engine would install it), beside
 *    the `preview` of an empty YAML program, samples interleaved;
 *  - the executable's and the archives' sizes.
 * Alone: `node bench/dist/b7-standalone.js` writes its section of bench/RESULTS.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ok, ratio, runMain, secs } from "./lib/common";
import { SMOKE, sized } from "./lib/smoke";
import { BenchStack, REPO, summary } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";
import { ChildServer } from "./lib/server";
import { timeToExit, timeToFirstLine } from "./lib/process-timing";

// The build scripts are CommonJS beside the bench: the same names they build with.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const targets = require(join(REPO, "scripts", "lib", "targets.js")) as { NODE_VERSION: string; hostTargetId(): string };

// At least 3 samples for a median worth the name; one in smoke mode.
const SAMPLES = Math.max(SMOKE ? 1 : 3, sized("BENCH_STARTUP_SAMPLES", 9, 1));
const PREVIEWS = Math.max(SMOKE ? 1 : 3, sized("BENCH_PREVIEW_SAMPLES", 5, 1));
const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;

export interface B7StandaloneResult {
  nodeVersion: string;
  startupMs: number[];
  startupCpuMs: number[];
  nodeMs: number[];
  embeddedNodeMs: number[];
  previewMs: number[];
  emptyPreviewMs: number[];
  exeBytes: number;
  archives: [string, number][];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function need(file: string, fix: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`${fix}\` first`);
  return file;
}

export async function b7Standalone(): Promise<B7StandaloneResult> {
  const host = targets.hostTargetId();
  const exe = need(join(REPO, "dist", "plugin-bin", host, "pulumi-resource-uptime"), "npm run plugin");
  const archive = need(
    join(REPO, "dist", "release", `pulumi-resource-uptime-v${VERSION}-${host}.tar.gz`),
    "npm run plugin",
  );
  const embeddedNode = need(join(REPO, ".tools", "node-dist", targets.NODE_VERSION, host, "node"), "npm run plugin");

  const startupMs: number[] = [];
  const startupCpuMs: number[] = [];
  const nodeMs: number[] = [];
  const embeddedNodeMs: number[] = [];
  await timeToFirstLine(exe, []); // one unmeasured start: the file into the page cache, as for the engine's later starts
  for (let i = 0; i < SAMPLES; i++) {
    nodeMs.push(await timeToExit(process.execPath, ["-e", "0"]));
    const s = await timeToFirstLine(exe, []);
    startupMs.push(s.wallMs);
    startupCpuMs.push(s.cpuMs);
    embeddedNodeMs.push(await timeToExit(embeddedNode, ["-e", "0"]));
  }
  console.log(
    `B7 standalone start-up: ${startupMs.map((m) => m.toFixed(0)).join(", ")} ms; node -e 0: ${nodeMs.map((m) => m.toFixed(0)).join(", ")} ms`,
  );

  const server = await ChildServer.start();
  const config = { "uptime:baseUrl": server.url, "uptime:apiKey": { value: server.apiKey, secret: true as const } };
  const monitors = await BenchStack.create("yaml-ten-monitors", config);
  const empty = await BenchStack.create("yaml-empty", {});
  const previewMs: number[] = [];
  const emptyPreviewMs: number[] = [];
  try {
    await monitors.must(["plugin", "install", "resource", "uptime", VERSION, "--file", archive]);
    const up = ok(await monitors.up(), "pulumi up (10 monitors, YAML)");
    if ((summary(up.stdout).create ?? 0) !== 11)
      throw new Error(`expected 10 monitors and the stack created:\n${up.stdout.slice(-2000)}`);
    ok(await empty.up(), "pulumi up (empty YAML)");
    for (let i = 0; i < PREVIEWS; i++) {
      const p = ok(await monitors.preview(["--expect-no-changes"]), "pulumi preview (10 monitors)");
      previewMs.push(p.ms);
      emptyPreviewMs.push(ok(await empty.preview(["--expect-no-changes"]), "pulumi preview (empty)").ms);
    }
    ok(await monitors.destroy(), "pulumi destroy (10 monitors)");
  } finally {
    monitors.dispose();
    empty.dispose();
    await server.close();
  }
  console.log(
    `B7 no-op preview: 10 monitors ${previewMs.map(secs).join(", ")}; empty ${emptyPreviewMs.map(secs).join(", ")}`,
  );

  const releaseDir = join(REPO, "dist", "release");
  const archives = readdirSync(releaseDir)
    .filter((f) => f.startsWith("pulumi-resource-uptime-") && f.endsWith(".tar.gz"))
    .sort()
    .map((f) => [f, statSync(join(releaseDir, f)).size] as [string, number]);
  return {
    nodeVersion: targets.NODE_VERSION,
    startupMs,
    startupCpuMs,
    nodeMs,
    embeddedNodeMs,
    previewMs,
    emptyPreviewMs,
    exeBytes: statSync(exe).size,
    archives,
  };
}

const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
const ms = (xs: number[]) => xs.map((v) => `${v.toFixed(0)} ms`).join(", ");

/** The section of bench/RESULTS.md. */
export function b7StandaloneSection(r: B7StandaloneResult, date: string): string {
  const start = median(r.startupMs) / median(r.nodeMs);
  const preview = median(r.previewMs) / median(r.emptyPreviewMs);
  return `## B7: the released plugin, start-up and a no-op preview (${date})

| Measure | Result | Target | Met |
|---|---|---|---|
| standalone plugin start-up (spawn to port) ÷ bare \`node -e 0\` (medians of ${r.startupMs.length}, interleaved) | ${median(r.startupMs).toFixed(0)} ms ÷ ${median(r.nodeMs).toFixed(0)} ms = **${ratio(median(r.startupMs), median(r.nodeMs))}** | ≤ 1.5 | ${start <= 1.5 ? "yes" : "**no**"} |
| no-op \`preview\`, 10 monitors in YAML through the installed plugin ÷ an empty YAML program's (medians of ${r.previewMs.length}, interleaved) | ${secs(median(r.previewMs))} ÷ ${secs(median(r.emptyPreviewMs))} = **${ratio(median(r.previewMs), median(r.emptyPreviewMs))}** | ≤ 1.6 | ${preview <= 1.6 ? "yes" : "**no**"} |

- Start-up samples: plugin ${ms(r.startupMs)} (CPU ${ms(r.startupCpuMs)}); this machine's \`node -e 0\` (${process.version}) ${ms(r.nodeMs)}; the executable's own Node.js ${r.nodeVersion}, \`node -e 0\`, ${ms(r.embeddedNodeMs)}.
- The executable (Node.js ${r.nodeVersion} single executable application, V8 code cache in its blob) prints its port once gRPC and the protocol buffers are loaded; the provider's runtime (client, undici, zod and the schemas) loads right after, while the engine connects, and its cost is in the preview ratio.
- Preview samples: 10 monitors ${r.previewMs.map(secs).join(", ")}; empty ${r.emptyPreviewMs.map(secs).join(", ")}. The plugin was installed from this machine's release archive into PULUMI_HOME; the program has no \`plugins:\` block.
- Sizes: executable ${mib(r.exeBytes)}; archives ${r.archives.map(([f, b]) => `${f.replace(/^pulumi-resource-uptime-v[^-]+-/, "").replace(/\.tar\.gz$/, "")} ${mib(b)}`).join(", ")}.
`;
}

const section = resultsSection("B7 standalone");

/** The section with its markers, as bench/RESULTS.md holds it. */
export const b7StandaloneBlocks = section.blocks;

/** Writes the section into bench/RESULTS.md between its markers (appended when absent). */
export const writeB7StandaloneSection = section.write;

if (require.main === module)
  runMain(b7Standalone, (r) => writeB7StandaloneSection(b7StandaloneSection(r, new Date().toISOString().slice(0, 10))));
