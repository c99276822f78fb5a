/**
 * `npm run bench`: runs B1-B9, B14 and the released plugin's B7 (b7-standalone.ts) once each and
 * writes bench/RESULTS.md with the machine and the date; B10 runs apart (`npm run
 * bench:shared`) and its last section is kept. B2, B3 and B5 use the stack B1 deployed.
 * Environment: BENCH_COUNT (default 200), BENCH_REPEAT (samples of B1's sides, default 2),
 * BENCH_GETS (B6, default 4000), BENCH_CHECK_MONITORS and BENCH_CHECK_WINDOW_S (B8, default
 * 1000 and 150); BENCH_SMOKE=1 runs everything once at a tiny size and writes nothing
 * (lib/smoke.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { freemem, loadavg, release } from "node:os";
import { join } from "node:path";
import { b1, cpuText, type B1Result } from "./b1-up";
import { b2, type B2Result } from "./b2-preview";
import { b3, type B3Result } from "./b3-refresh";
import { b4, type B4Scenario } from "./b4-rate-limit";
import { b5, type B5Result } from "./b5-state-size";
import { b6, type B6Shape } from "./b6-client-throughput";
import { b7, type B7Result } from "./b7-plugin";
import { b7Standalone, b7StandaloneBlocks, b7StandaloneSection, writeB7StandaloneSection } from "./b7-standalone";
import { b8, spreadText, type B8Result } from "./b8-checks";
import { b9, b9Blocks, b9Section, writeB9Section } from "./b9-fleet";
import { b10Blocks } from "./b10-shared-account";
import { b11Blocks } from "./b11-audit";
import { b12Blocks } from "./b12-test-command";
import { b13Blocks } from "./b13-policy-pack";
import { b14, b14Section, writeB14Section } from "./b14-maintenance";
import { b15Blocks } from "./b15-migrate";
import { b16Blocks } from "./b16-service-monitors";
import { COUNT, machine, ratio, secs } from "./lib/common";
import { cliVersion, REPO } from "./lib/pulumi";
import { writeResults } from "./lib/smoke";

const pass = (ok: boolean) => (ok ? "yes" : "**no**");
const min = (xs: number[]) => Math.min(...xs);
const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
const routes = (byRoute: Record<string, number>) =>
  Object.entries(byRoute)
    .map(([k, v]) => `${v} × \`${k}\``)
    .join(", ") || "none";

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const date = new Date().toISOString();
  const cli = await cliVersion();
  const m = machine();

  const r1 = await b1(COUNT);
  let r2: B2Result, r3: B3Result, r5: B5Result;
  try {
    r2 = await b2(r1.deployed, COUNT);
    r3 = await b3(r1.deployed, COUNT);
    r5 = await b5(r1.deployed, COUNT);
  } finally {
    await r1.deployed.dispose();
  }
  const r4 = await b4(COUNT);
  const r6 = await b6();
  const r7 = await b7(COUNT);
  const r7s = await b7Standalone();
  const r8 = await b8();
  const r9 = await b9();
  const r14 = await b14();
  const totalMs = Date.now() - started;

  const load = `${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`;
  const file = join(REPO, "bench", "RESULTS.md");
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  // B10 to B13, B15 and B16 run apart (`npm run bench:shared`, `bench:audit`, `bench:test-command`, `bench:policy`, `bench:migrate`, `bench:services`): their last sections are kept.
  const kept = [
    ...b7StandaloneBlocks(previous),
    ...b9Blocks(previous),
    ...b10Blocks(previous),
    ...b11Blocks(previous),
    ...b12Blocks(previous),
    ...b13Blocks(previous),
    ...b15Blocks(previous),
    ...b16Blocks(previous),
  ];
  const text = [report({ date, cli, m, r1, r2, r3, r4, r5, r6, r7, r8, totalMs, load }).trimEnd(), ...kept];
  writeResults("bench", () => {
    writeFileSync(file, text.join("\n\n") + "\n");
    console.log(`bench: wrote bench/RESULTS.md (total ${secs(totalMs)})`);
  });
  writeB7StandaloneSection(b7StandaloneSection(r7s, date.slice(0, 10)));
  writeB9Section(r9, b9Section(r9, date.slice(0, 10)));
  writeB14Section(b14Section(r14));
}

function report(x: {
  date: string;
  cli: string;
  m: ReturnType<typeof machine>;
  r1: B1Result;
  r2: B2Result;
  r3: B3Result;
  r4: B4Scenario[];
  r5: B5Result;
  r6: B6Shape[];
  r7: B7Result;
  r8: B8Result;
  totalMs: number;
  load: string;
}): string {
  const { r1, r2, r3, r4, r5, r6, r7, r8 } = x;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (xs: number[]) => xs.map((v) => `${v.toFixed(0)} ms`).join(", ");
  const n = r1.count;
  const [at600, at120] = r4;
  const perMonitor = r3.stats.total / r3.count;
  const get = r6[0];
  const listShape = r6[1];
  const rows: string[][] = [
    [
      "B1",
      `\`up\` of ${n} monitors ÷ raw client, ${r1.parallelism} at a time`,
      `${secs(min(r1.upMs))} ÷ ${secs(min(r1.rawMs))} = **${ratio(min(r1.upMs), min(r1.rawMs))}**`,
      "report",
      "-",
    ],
    [
      "B1",
      `\`up\` of ${n} monitors ÷ engine floor (${n} trivial dynamic resources)`,
      `${secs(min(r1.upMs))} ÷ ${secs(min(r1.floorMs))} = **${ratio(min(r1.upMs), min(r1.floorMs))}**`,
      "report",
      "-",
    ],
    [
      "B2",
      `\`preview\`, no changes, ${n} monitors`,
      `${secs(r2.previewMs)}, **${r2.stats.total} request${r2.stats.total === 1 ? "" : "s"}**`,
      "at most 1 request",
      pass(r2.stats.total <= 1),
    ],
    [
      "B3",
      `\`refresh\` of ${n} monitors`,
      `${secs(r3.refreshMs)}, **${r3.stats.total} requests** (${perMonitor.toFixed(3)} per monitor)`,
      "≤ 1 per monitor",
      pass(perMonitor <= 1),
    ],
    [
      "B4",
      `\`up\` of ${n} monitors at ${at600.perMinute}/min`,
      `${at600.ok ? "no failed resource" : "**FAILED**"}; ${secs(at600.wallMs)} ÷ floor ${secs(at600.floorMs)} = **${ratio(at600.wallMs, at600.floorMs)}** (${at600.refused429} × 429)`,
      "no failure, ≤ 1.15",
      pass(at600.ok && at600.wallMs / at600.floorMs <= 1.15),
    ],
    [
      "B4",
      `same at ${at120.perMinute}/min (the real service's limit; the limit binds)`,
      `${at120.ok ? "no failed resource" : "**FAILED**"}; ${secs(at120.wallMs)} ÷ floor ${secs(at120.floorMs)} = **${ratio(at120.wallMs, at120.floorMs)}** (${at120.refused429} × 429)`,
      "no failure, ≤ 1.15",
      pass(at120.ok && at120.wallMs / at120.floorMs <= 1.15),
    ],
    ["B5", "`__provider` per monitor", `**${r5.providerBytes.max} B**`, "≤ 2 KB", pass(r5.providerBytes.max <= 2048)],
    [
      "B5",
      "state per monitor (resource entry, compact JSON)",
      `**${r5.resourceBytes.mean} B** mean, ${r5.resourceBytes.max} B max`,
      "≤ 4 KB",
      pass(r5.resourceBytes.max <= 4096),
    ],
    [
      "B6",
      `client ÷ raw undici, ${get.shape}`,
      `${get.clientPerSec.toFixed(0)}/s ÷ ${get.rawPerSec.toFixed(0)}/s = **${ratio(get.clientPerSec, get.rawPerSec)}**`,
      "≥ 0.9",
      pass(get.clientPerSec / get.rawPerSec >= 0.9),
    ],
    [
      "B6",
      `client ÷ raw undici, ${listShape.shape}`,
      `${listShape.clientPerSec.toFixed(0)}/s ÷ ${listShape.rawPerSec.toFixed(0)}/s = **${ratio(listShape.clientPerSec, listShape.rawPerSec)}**`,
      "(≥ 0.9)",
      pass(listShape.clientPerSec / listShape.rawPerSec >= 0.9),
    ],
    [
      "B7",
      `\`up\` of ${n} monitors through the plugin ÷ through the dynamic provider`,
      `${secs(min(r7.pluginUpMs))} ÷ ${secs(min(r7.dynamicUpMs))} = **${ratio(min(r7.pluginUpMs), min(r7.dynamicUpMs))}**`,
      "≤ 1",
      pass(min(r7.pluginUpMs) <= min(r7.dynamicUpMs)),
    ],
    [
      "B7",
      "state per monitor, plugin (dynamic in the same run)",
      `**${r7.pluginStateBytes} B** (${r7.dynamicStateBytes} B)`,
      "< 2.9 KB",
      pass(r7.pluginStateBytes < 2900),
    ],
    [
      "B7",
      "plugin start-up (launcher to port), wall (CPU)",
      `**${median(r7.startupMs).toFixed(0)} ms** median, ${Math.max(...r7.startupMs).toFixed(0)} ms max (CPU ${median(r7.startupCpuMs).toFixed(0)} ms); bare \`node\` ${median(r7.nodeStartMs).toFixed(0)} ms`,
      "≤ 1 s (median)",
      pass(median(r7.startupMs) <= 1000),
    ],
    [
      "B8",
      `${r8.monitors} monitors every ${r8.intervalS} s, ${secs(r8.windowMs)}: lag of the slowest scheduled check; monitors behind`,
      `**${r8.laterLag.max} ms** (p99 ${r8.laterLag.p99} ms); **${r8.behind}** behind`,
      `< ${r8.intervalS} s; 0 behind`,
      pass(r8.laterLag.max < r8.intervalS * 1000 && r8.behind === 0),
    ],
    [
      "B8",
      "API read latency, checking server ÷ quiet server (p99)",
      `${r8.reads.checking.p99} ms ÷ ${r8.reads.quiet.p99} ms = **${ratio(r8.reads.checking.p99, Math.max(1, r8.reads.quiet.p99))}**`,
      "report",
      "-",
    ],
    [
      "B8",
      "CPU per check (checking − quiet server) ÷ CPU per API read",
      `${r8.cpuPerCheckMs.toFixed(2)} ms ÷ ${r8.cpuPerReadMs.toFixed(2)} ms = **${ratio(r8.cpuPerCheckMs, r8.cpuPerReadMs)}**`,
      "report",
      "-",
    ],
  ];
  const table = [
    "| | Measure | Result | Target | Met |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

  return `# Benchmark results

Written by \`npm run bench\` (bench/src/run-all.ts); do not edit by hand.

- Date: ${x.date}
- Machine: ${x.m.cpus}, ${x.m.memory} memory (${(freemem() / 2 ** 30).toFixed(1)} GiB free at the end), Linux ${release()}. Shared with other sessions' jobs (end-to-end runs), which may run at the same time (1-minute load average ${x.load}), so wall times vary by tens of percent between runs; ratios are of sides measured in the same run
- Node.js ${x.m.node}; Pulumi CLI ${x.cli} (built from Go modules by scripts/build-pulumi.sh); engine parallelism ${r1.parallelism} (Pulumi 3.248's default: 4 × GOMAXPROCS, \`defaultParallel\` in pkg/cmd/pulumi/operations/up.go)
- ${n} monitors per benchmark; the local server runs in its own process, in memory; total bench time ${secs(x.totalMs)}

${table}

## B1: \`up\` of ${n} monitors

Samples (in order): raw client ${list(r1.rawMs)}; engine floor ${list(r1.floorMs)}; \`up\` ${list(r1.upMs)}. Ratios use the fastest sample of each side.

- Raw client: \`UptimeClient.monitors.create\` of the same ${n} bodies the provider sends, ${r1.parallelism} at a time (the engine's default parallelism, and the client's own default \`maxConcurrency\` of 8).
- Engine floor: bench/fixtures/floor, ${n} dynamic resources with the same inputs (secret fields secret) whose provider answers at once and sends nothing, stored as a shim of exactly the size of Monitor's (so state sizes compare like for like).
- \`up\` (bench/fixtures/monitors) sent ${r1.upRequests} requests (one store per monitor).
- CPU time by process during the fastest samples (sampled from /proc every 100 ms): engine floor: ${cpuText(r1.floorCpu)}; \`up\` of monitors: ${cpuText(r1.upCpu)}.
- The engine, not the service, bounds an \`up\`: ${n} creates through the client take ${secs(min(r1.rawMs))}, the engine's own floor ${secs(min(r1.floorMs))}, and the engine's processes use about two cores' worth of CPU for the whole run (the Go engine most of it: it rewrites the stack's checkpoint after every step, so its cost grows with the state's size; see B5). What \`up\` adds over the floor is the local server's work (it shares the 2 cores), the provider's check and create, and the larger state.

## B2: \`preview\` with no changes

${secs(r2.previewMs)}; requests at the server: ${r2.stats.total} (${routes(r2.stats.byRoute)}). \`check\` verifies the key and the URL with one request per provider process (so a wrong key fails \`preview\`); \`diff\` runs locally.

## B3: \`refresh\`

${secs(r3.refreshMs)}; requests at the server: ${r3.stats.total} for ${r3.count} monitors (${routes(r3.stats.byRoute)}). Reads go by id until more of them have come than the list has pages (plus one); the list is then read once (100 per page) and, because its copy of a monitor read by id matches (ignoring the fields checks write), answers the other reads (src/runtime/monitor/read-snapshot.ts). A \`preview --expect-no-changes\` after the refresh ${r3.noDriftAfter ? "passed (no false drift)" : "**found changes**"}.

## B4: rate-limited service

| Limit | Result | Wall | Accepted requests | 429s | Floor (accepted × 60 s ÷ limit) | Wall ÷ floor | 60-s windows used | Window reset → next accepted request |
|---|---|---|---|---|---|---|---|---|
${r4.map((s) => `| ${s.perMinute}/min | ${s.ok ? `${s.created} created, ${s.onServer} on the server` : `**failed**: ${s.created} created, ${s.onServer} on the server`} | ${secs(s.wallMs)} | ${s.accepted} | ${s.refused429} | ${secs(s.floorMs)} | ${ratio(s.wallMs, s.floorMs)} | ${s.windows} | ${s.resumeMs.map((v) => `${v} ms`).join(", ") || "-"} |`).join("\n")}

The local server counts as Laravel's \`throttle\` does: a fixed 60-second window from the account's first request (src/server/rate-limit.ts). At 600/min, ${n} creates fit in the first window, so the limit never refuses a request and the \`up\` runs at the engine's pace (compare B1's unlimited \`up\`); the ratio then measures the engine against the issue's floor, not the rate handling. At 120/min the limit binds: the first 429 closes the client's shared gate (src/client/rate-gate.ts) for \`Retry-After\`, so the provider's other requests wait instead of spending the budget (only ${at120.refused429} request${at120.refused429 === 1 ? " was" : "s were"} refused), and requests resume ${at120.resumeMs.map((v) => `${v} ms`).join(", ") || "-"} after the window resets (\`Retry-After\` is whole seconds, rounded up). Under a fixed window the issue's floor is not a lower bound: a burst of up to the limit is never refused, so the wall time can be below it; the fixed window's own floor is (windows − 1) × 60 s plus the last window's work.

## B5: state size

From \`pulumi stack export\`: \`__provider\` ${r5.providerBytes.min === r5.providerBytes.max ? `${r5.providerBytes.max} B` : `${r5.providerBytes.min}-${r5.providerBytes.max} B`} (stored ${r5.parts.providerCopies} times per resource, in its inputs and again in its outputs: ${r5.parts.providerBytesInEntry} B of the entry as JSON); one monitor's whole resource entry ${r5.resourceBytes.mean} B mean (${r5.resourceBytes.min}-${r5.resourceBytes.max} B) as compact JSON, of which secret envelopes (alerts and request headers, as inputs and outputs) ${r5.parts.secretEnvelopes} B, engine metadata (stack trace, source position, property dependencies, timestamps) ${r5.parts.engineMetadata} B, and the monitor's fields, URN, type, id and provider reference ${r5.parts.rest} B. The whole export, pretty-printed, is ${r5.exportBytesPerMonitor} B per monitor. The monitors fixture carries one request header and one alert channel per monitor.

## B6: client GET throughput

${r6.map((s) => `- ${s.shape}: ${s.gets} GETs each side, ${s.concurrency} at a time, keep-alive: client ${s.clientPerSec.toFixed(0)}/s, raw undici (request + JSON.parse) ${s.rawPerSec.toFixed(0)}/s, ratio ${ratio(s.clientPerSec, s.rawPerSec)}. CPU per response in the caller: JSON.parse ${s.parseMs.toFixed(3)} ms, the client's parse + validation + date normalisation ${s.decodeMs.toFixed(3)} ms.`).join("\n")}

Sides alternate in rounds after a warm-up, against a server in its own process on the same 2 cores. For one monitor the server's work dominates and the client's decoding is lost in it. For a page of 100 monitors the client's decoding costs ${(listShape.decodeMs / listShape.parseMs).toFixed(0)} times JSON.parse (zod validation of 100 monitors and their date normalisation; the page schema is built once and UTC dates skip Intl); whether that shows in the ratio depends on whether the caller or the server is the bottleneck at that moment, so the list ratio moves between runs on a shared machine.

## B7: the provider plugin beside the dynamic provider

Samples (in order, interleaved): plugin ${list(r7.pluginUpMs)}; dynamic ${list(r7.dynamicUpMs)}. Both are Node.js programs declaring the same ${n} monitors with the same inputs against a fresh local server each: bench/fixtures/plugin-monitors registers \`uptime:index:Monitor\` (served by dist/plugin/pulumi-resource-uptime over gRPC), bench/fixtures/monitors the dynamic \`Monitor\` (served by the engine's dynamic-provider host running the installed runtime). The plugin's \`up\` sent ${r7.pluginRequests} requests. Both doors run the same runtime (src/runtime/operations.ts); what differs is the door: the plugin holds no serialized provider, so the program sends, and the engine stores and rewrites after every step, less per resource.

State per monitor (compact JSON of the resource entry in \`pulumi stack export\`): plugin ${r7.pluginStateBytes} B, dynamic ${r7.dynamicStateBytes} B (its \`__provider\`, stored in inputs and outputs, is part of the difference; the plugin's entries carry a provider reference instead).

Start-up: from spawning the launcher to the port on its stdout, 5 times: ${ms(r7.startupMs)}, of which CPU time in the plugin's process ${ms(r7.startupCpuMs)} (loading gRPC, the protocol buffers, zod and the schemas, undici and the client); a bare \`node -e\` printing one line on the same machine at the same moments: ${ms(r7.nodeStartMs)}. On a loaded machine the wall time stretches with the load while the CPU time stays put. The engine starts one plugin process per provider (the default one and each explicit one), once per command.

${b8Section(r8)}`;
}

function b8Section(r8: B8Result): string {
  return `## B8: checking ${r8.monitors} monitors

Two servers in their own processes hold the same ${r8.monitors} monitors (interval ${r8.intervalS} s, real time, targets on 127.0.0.1 in a third process, answering 200). One checks them on its schedule (${r8.concurrency} checks at a time, the default), the other does not; for ${secs(r8.windowMs)} the bench reads one monitor at a time from each, alternating, about 10 reads per second per server.

- Schedule: ${r8.checksInWindow} checks started in the window; each monitor was checked ${r8.perMonitor.min === r8.perMonitor.max ? r8.perMonitor.min : `${r8.perMonitor.min} to ${r8.perMonitor.max}`} time(s) in it; ${r8.behind} monitor(s) were checked fewer times than the whole intervals in the window. Lag (start − due) of the later checks, the schedule proper: ${spreadText(r8.laterLag)}. Of the first check of each monitor, due as it was created and queued behind the creation burst: ${spreadText(r8.firstLag)}. The schedule looks for due monitors every 500 ms, so up to half a second of lag is the tick.
- A check's own time (request, verdict, record): ${spreadText(r8.duration)}; ${r8.down} check(s) found a target down.
- API while checking: reads on the checking server ${spreadText(r8.reads.checking)}; on the quiet one ${spreadText(r8.reads.quiet)}.
- CPU over the window: checking server ${r8.cpu.checking} ms, quiet server ${r8.cpu.quiet} ms, targets ${r8.cpu.targets} ms. Per check: (checking − quiet) ÷ checks = ${r8.cpuPerCheckMs.toFixed(2)} ms (the HTTP request on a fresh connection, the verdict, and the PGlite transaction that records it), against ${r8.cpuPerReadMs.toFixed(2)} ms of the quiet server's CPU per API read (which includes its idle share).
- Load while B8 ran (1-minute average): ${r8.load}. The machine is shared: absolute milliseconds move with the other sessions' work; the two servers ran side by side, so the ratios are the measure.
`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
