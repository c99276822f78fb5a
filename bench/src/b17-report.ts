/**
 * B17: `pulumi-uptime report` over 1,000 monitors with 20,000 incidents in its 30-day period
 * (and two each before it), on the unpaced local server, against the floor: the same pages
 * (the monitors' list, then the incidents' pages the command read) fetched with plain undici
 * GETs at the same concurrency (8, the client's default). Both sides run as processes of
 * their own started the same way, alternating, BENCH_REPORT_REPEAT times (default 3); the
 * best of each is compared (target at most 1.3). Also checked: no incident page read past
 * the period's start (the account's walk reads exactly the pages up to the one that reaches
 * it), and the request count of both ways of reading, printed beside it. Runs apart
 * (`npm run bench:report`); keeps its own section of RESULTS.md.
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

const MONITORS = sized("BENCH_REPORT_MONITORS", 1000, 10);
const PER_MONITOR = 20;
const BEFORE = 2;
const REPEAT = sized("BENCH_REPORT_REPEAT", 3, 1);
const CONCURRENCY = 8;
const RATIO_TARGET = 1.3;
const DAY = 86_400_000;

export interface B17Result {
  monitors: number;
  incidentsInPeriod: number;
  commandMs: number[];
  floorMs: number[];
  incidentPages: number;
  expectedPages: number;
  listPages: number;
  /** The command's own account of its reads (its stderr line). */
  reads: string;
  ratio: number;
}

const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** `MONITORS` monitors, each with `PER_MONITOR` 5-minute incidents spread over the period and `BEFORE` before it. */
async function history(server: ChildServer, client: UptimeClient, fromMs: number, untilMs: number): Promise<void> {
  // Created before the period (the server's clock moved back), so each is measured over all of it.
  await server.setClockOffset(fromMs - 10 * DAY - Date.now());
  const ids: number[] = [];
  let made = 0;
  const side = (work: (i: number) => Promise<void>, counter: () => number) =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = counter(); i < MONITORS; i = counter()) await work(i);
      }),
    );
  await side(
    async (i) => {
      ids[i] = (
        await client.monitors.create({ name: `b17/app/m${i}`, url: "https://app.example.com/h", interval: 300 })
      ).id;
    },
    () => made++,
  );
  await server.setClockOffset(0);
  let next = 0;
  const step = (untilMs - fromMs) / PER_MONITOR;
  await side(
    async (i) => {
      const starts = [
        ...Array.from({ length: BEFORE }, (_, k) => fromMs - (BEFORE - k + 1) * DAY),
        ...Array.from({ length: PER_MONITOR }, (_, k) => fromMs + k * step + ((i * 7919) % Math.floor(step / 2))),
      ].map((ms) => Math.floor(ms / 1000) * 1000);
      for (const s of starts)
        await client.incidents.create({ monitor_id: ids[i], started_at: wall(s), ended_at: wall(s + 300_000) });
    },
    () => next++,
  );
}

export async function b17(): Promise<B17Result> {
  const dir = mkdtempSync(join(tmpdir(), "bench-b17-"));
  const server = await ChildServer.start();
  const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: CONCURRENCY });
  const env = { PATH: process.env.PATH, UPTIME_BASE_URL: server.url, UPTIME_API_KEY: server.apiKey };
  try {
    await warmUp(server, SMOKE ? 5 : 200);
    // The period ends a minute from the history's last incident: the command's 30 days end when it runs.
    const untilMs = Date.now() - 60_000;
    const fromMs = untilMs - 30 * DAY + 2 * 3_600_000;
    await history(server, client, fromMs, untilMs - 3_600_000);
    const argv = [CLI_BIN, "report", "--json", "--window", "30d"];
    const runCommand = async () => {
      await server.reset();
      const run = await measuredNode(argv, { env, cwd: dir });
      if (run.code !== 0) throw new Error(`report exited ${run.code}: ${run.stderr.slice(0, 500)}`);
      return { run, byRoute: (await server.stats()).byRoute };
    };
    // The pages the command reads: its monitors' list, then the incident pages it read.
    const first = await runCommand();
    const incidentPages = first.byRoute["GET /api/v1/incidents"] ?? 0;
    const listPages = first.byRoute["GET /api/v1/monitors"] ?? 0;
    const api = `${server.url}/api/v1`;
    const urls = [
      ...Array.from({ length: listPages }, (_, i) => `${api}/monitors?per_page=100&sort_by=id&sort=asc&page=${i + 1}`),
      ...Array.from(
        { length: incidentPages },
        (_, i) => `${api}/incidents?sort_by=ended_at&sort=desc&per_page=100&page=${i + 1}`,
      ),
    ];
    writeFileSync(join(dir, "urls.txt"), urls.join("\n"));
    const floorArgv = [join(__dirname, "lib", "undici-gets.js"), join(dir, "urls.txt"), String(CONCURRENCY)];
    const floorEnv = { ...env, FLOOR_API_KEY: server.apiKey };
    await measuredNode(floorArgv, { env: floorEnv });
    const command: MeasuredRun[] = [];
    const floor: MeasuredRun[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const sides = [
        async () => command.push((await runCommand()).run),
        async () => floor.push(await measuredNode(floorArgv, { env: floorEnv })),
      ];
      for (const side of i % 2 === 0 ? sides : sides.reverse()) await side();
    }
    const floorOk = Number(floor[floor.length - 1].stdout.trim().split(" ")[0]);
    if (floorOk !== urls.length) throw new Error(`floor: ${floorOk} of ${urls.length} GETs answered 2xx`);
    const report = JSON.parse(command[command.length - 1].stdout) as { monitors: { incidents: number }[] };
    const counted = report.monitors.reduce((n, m) => n + m.incidents, 0);
    const inPeriod = MONITORS * PER_MONITOR;
    if (counted !== inPeriod) throw new Error(`the report counted ${counted} incidents of ${inPeriod}`);
    const best = (xs: MeasuredRun[]) => Math.min(...xs.map((r) => r.wallMs));
    return {
      monitors: MONITORS,
      incidentsInPeriod: inPeriod,
      commandMs: command.map((r) => r.wallMs),
      floorMs: floor.map((r) => r.wallMs),
      incidentPages,
      // Every incident ends inside the period: its pages, and the one that reaches an older one.
      expectedPages: Math.floor(inPeriod / 100) + 1,
      listPages,
      reads: (/^Read .*$/m.exec(command[command.length - 1].stderr) ?? ["(no line)"])[0],
      ratio: best(command) / best(floor),
    };
  } finally {
    await client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const section = resultsSection("B17");

export function b17Section(r: B17Result): string {
  const m = machine();
  const list = (xs: number[]) => xs.map((x) => secs(x)).join(", ");
  const best = (xs: number[]) => Math.min(...xs);
  const yes = (ok: boolean) => (ok ? "yes" : "**no**");
  return [
    `## B17: \`pulumi-uptime report\` over ${r.monitors} monitors, ${r.incidentsInPeriod} incidents in 30 days (${new Date().toISOString().slice(0, 10)})`,
    "",
    `Machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${loadavg()[0].toFixed(1)} at the end. The local server`,
    `in its own process, unpaced; ${BEFORE} more incidents per monitor before the period. Each side a process of its own,`,
    "started the same way; sides alternated, best compared.",
    "",
    "| | runs | best |",
    "|---|---|---|",
    `| \`report --json --window 30d\` | ${list(r.commandMs)} | ${secs(best(r.commandMs))} |`,
    `| floor: the same ${r.listPages + r.incidentPages} pages with undici GETs, ${CONCURRENCY} at a time | ${list(r.floorMs)} | ${secs(best(r.floorMs))} |`,
    "",
    `Ratio **${ratio(best(r.commandMs), best(r.floorMs))}** (target at most ${RATIO_TARGET}: ${yes(r.ratio <= RATIO_TARGET)}).`,
    `Incident pages read: ${r.incidentPages}, the pages up to the one that reaches the period's start: ${r.expectedPages} (none past it: ${yes(r.incidentPages === r.expectedPages)}).`,
    `The command's reads: ${r.reads}`,
  ].join("\n");
}

if (require.main === module) {
  b17().then(
    (r) => {
      const text = b17Section(r);
      section.write(text);
      process.stdout.write(`${text}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`B17 failed: ${(err as Error).stack ?? String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
