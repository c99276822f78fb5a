/**
 * The local server in its own process, so that what the benchmarks time (the engine, the
 * client) does not share an event loop with it. Options come as JSON in argv[2]; the
 * parent talks to it over IPC (see server.ts).
 */
import { startUptimeServer, type UptimeServerOptions } from "pulumi-uptime/server";
import type { CheckRecord, TimedRequest } from "./server";

type Msg = {
  id: number;
  cmd: "stats" | "reset" | "rateLimit" | "timeline" | "checks" | "clock" | "close";
  perMinute?: number;
  offsetMs?: number;
};

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? "{}") as UptimeServerOptions;
  let timeline: TimedRequest[] = [];
  let cpuAtReset = process.cpuUsage();
  // The server logs "<METHOD> <path> <status|dropped> <ms>ms[ note]" when a request ends.
  const log = (line: string) => {
    const m = /^(\S+) (\S+) (\d+|dropped) (\d+)ms/.exec(line);
    if (!m) return;
    const end = Date.now();
    timeline.push({
      start: end - Number(m[4]),
      end,
      method: m[1],
      path: m[2],
      status: m[3] === "dropped" ? 0 : Number(m[3]),
    });
  };
  // Checks (B8) are recorded here; the parent asks for them with "checks".
  const checks: CheckRecord[] = [];
  if (options.checks && typeof options.checks === "object") {
    options.checks.onCheck = (e) =>
      checks.push({
        monitorId: e.monitorId,
        dueAt: e.dueAt,
        startedAt: e.startedAt,
        finishedAt: e.finishedAt,
        up: e.up,
        outcome: e.outcome,
      });
  }
  // The server's clock: the machine's, moved by "clock" (B17 creates monitors a month ago).
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const server = await startUptimeServer({ ...options, port: 0, host: "127.0.0.1", log, now });
  process.on("message", async (m: Msg) => {
    let result: unknown;
    if (m.cmd === "stats") {
      const byRoute: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      for (const r of server.requests) {
        const route = `${r.method} ${r.path.replace(/\/\d+$/, "/{id}")}`;
        byRoute[route] = (byRoute[route] ?? 0) + 1;
        byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      }
      const cpu = process.cpuUsage(cpuAtReset);
      result = {
        total: server.requests.length,
        writes: server.writeCount(),
        byRoute,
        byStatus,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      };
    } else if (m.cmd === "checks") {
      result = checks;
    } else if (m.cmd === "timeline") {
      result = timeline;
    } else if (m.cmd === "reset") {
      server.resetStats();
      timeline = [];
      cpuAtReset = process.cpuUsage();
    } else if (m.cmd === "clock") {
      offsetMs = m.offsetMs ?? 0;
    } else if (m.cmd === "rateLimit") {
      server.setRateLimit(m.perMinute);
    } else if (m.cmd === "close") {
      await server.close();
      process.send!({ id: m.id, result: null }, () => process.exit(0));
      return;
    }
    process.send!({ id: m.id, result });
  });
  process.send!({ id: 0, result: server.url });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
