/**
 * B15: `pulumi-uptime migrate --from terraform-state --language typescript` of a state of
 * 2,000 UptimeRobot monitors (every fourth a keyword check, every tenth with an interval to
 * round, every fifth with an alert contact of 20, headers or basic auth), against the floor:
 * a Node process that reads and parses the same state and writes it back out (lib/json-floor.ts).
 * Each side a process of its own started the same way, alternated, BENCH_MIGRATE_REPEAT
 * times (default 5). Targets (limits, printed, not asserted): the command's best time at
 * most 2 s and its peak memory at most 300 MB; the ratio to the floor is shown beside them.
 * Runs apart: `npm run bench:migrate`; keeps its own section of RESULTS.md.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { machine, ratio, secs } from "./lib/common";
import { measuredNode, type MeasuredRun } from "./lib/measured-node";
import { CLI_BIN } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";
import { sized } from "./lib/smoke";

const MONITORS = sized("BENCH_MIGRATE_MONITORS", 2000, 20);
const REPEAT = sized("BENCH_MIGRATE_REPEAT", 5, 1);
const TIME_TARGET_MS = 2000;
const MEMORY_TARGET_MB = 300;
const CONTACTS = 20;

export interface B15Result {
  monitors: number;
  stateMb: number;
  commandMs: number[];
  floorMs: number[];
  commandRssMb: number;
  floorRssMb: number;
  mapped: number;
}

/** A format-4 state of `n` UptimeRobot monitors and 20 contacts. */
function state(n: number): string {
  const resource = (type: string, name: string, attributes: Record<string, unknown>) => ({
    mode: "managed",
    type,
    name,
    provider: 'provider["registry.terraform.io/uptimerobot/uptimerobot"]',
    instances: [{ schema_version: 0, attributes, sensitive_attributes: [] }],
  });
  const resources = [];
  for (let c = 0; c < CONTACTS; c++)
    resources.push(
      resource("uptimerobot_integration", `contact_${c}`, {
        id: String(9000 + c),
        name: `Contact ${c}`,
        type: c % 2 ? "slack" : "webhook",
        value: `https://hooks.example.com/bench-${c}`,
      }),
    );
  for (let i = 0; i < n; i++) {
    const keyword = i % 4 === 0;
    resources.push(
      resource("uptimerobot_monitor", `m${i}`, {
        id: String(800000000 + i),
        name: `Bench monitor ${i}`,
        type: keyword ? "KEYWORD" : "HTTP",
        url: `https://service-${i % 97}.example.com/health/${i}`,
        interval: i % 10 === 0 ? 120 : 300,
        ...(keyword ? { keyword_type: i % 8 ? "ALERT_EXISTS" : "ALERT_NOT_EXISTS", keyword_value: "error" } : {}),
        ...(i % 5 === 0
          ? {
              assigned_alert_contacts: [
                { alert_contact_id: String(9000 + (i % CONTACTS)), threshold: 0, recurrence: 0 },
              ],
              custom_http_headers: { "x-bench": `h-${i}` },
              http_username: "probe",
              http_password: `pw-${i}`,
            }
          : {}),
      }),
    );
  }
  return JSON.stringify({
    version: 4,
    terraform_version: "1.9.8",
    serial: 1,
    lineage: "bench",
    outputs: {},
    resources,
  });
}

export async function b15(): Promise<B15Result> {
  const dir = mkdtempSync(join(tmpdir(), "bench-b15-"));
  try {
    const input = join(dir, "terraform.tfstate");
    const text = state(MONITORS);
    writeFileSync(input, text);
    const command = [
      CLI_BIN,
      "migrate",
      "--from",
      "terraform-state",
      input,
      "--language",
      "typescript",
      "--out",
      join(dir, "out"),
    ];
    const floor = [join(__dirname, "lib", "json-floor.js"), input, join(dir, "floor.json")];
    await measuredNode(floor);
    await measuredNode(command);
    const commandRuns: MeasuredRun[] = [];
    const floorRuns: MeasuredRun[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const pair = i % 2 === 0 ? [floor, command] : [command, floor];
      for (const args of pair) (args === command ? commandRuns : floorRuns).push(await measuredNode(args));
    }
    const last = commandRuns[commandRuns.length - 1];
    // Every tenth monitor's interval is rounded: exit 1 with every monitor in the report.
    if (last.code !== 1) throw new Error(`migrate exited ${last.code}: ${last.stderr.slice(-1000)}`);
    const report = JSON.parse(readFileSync(join(dir, "out", "migration-report.json"), "utf8")) as {
      counts: { monitors: number; mapped: number; approximated: number };
    };
    if (report.counts.monitors !== MONITORS || report.counts.mapped + report.counts.approximated !== MONITORS)
      throw new Error(`report: ${JSON.stringify(report.counts)}`);
    return {
      monitors: MONITORS,
      stateMb: Buffer.byteLength(text) / 1024 / 1024,
      commandMs: commandRuns.map((r) => r.wallMs),
      floorMs: floorRuns.map((r) => r.wallMs),
      commandRssMb: Math.max(...commandRuns.map((r) => r.nodeRssKb)) / 1024,
      floorRssMb: Math.max(...floorRuns.map((r) => r.nodeRssKb)) / 1024,
      mapped: report.counts.mapped + report.counts.approximated,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const section = resultsSection("B15");
/** The B15 section of RESULTS.md text, for `npm run bench` to keep. */
export const b15Blocks = section.blocks;

export function b15Section(r: B15Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  const best = Math.min(...r.commandMs);
  return [
    `## B15: \`pulumi-uptime migrate\` of a ${r.monitors}-monitor Terraform state to TypeScript (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. State of`,
    `${r.stateMb.toFixed(1)} MB; each side a process of its own, started the same way, alternated, best of each compared.`,
    "",
    "| | runs | best | peak memory |",
    "|---|---|---|---|",
    `| \`pulumi-uptime migrate\` (${r.mapped} monitors written) | ${list(r.commandMs)} | ${secs(best)} | ${r.commandRssMb.toFixed(0)} MB |`,
    `| floor: read, parse and write the state | ${list(r.floorMs)} | ${secs(Math.min(...r.floorMs))} | ${r.floorRssMb.toFixed(0)} MB |`,
    "",
    `Best ${secs(best)} (target at most ${secs(TIME_TARGET_MS)}: ${yes(best <= TIME_TARGET_MS)}); ratio to the floor ${ratio(best, Math.min(...r.floorMs))}; memory ${r.commandRssMb.toFixed(0)} MB (target at most ${MEMORY_TARGET_MB} MB: ${yes(r.commandRssMb <= MEMORY_TARGET_MB)}).`,
  ].join("\n");
}

if (require.main === module) section.runMain(b15, b15Section);
