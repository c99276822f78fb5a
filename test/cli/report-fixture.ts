/**
 * The `report` command's tests' history, on a checking local server whose account is in
 * Europe/Berlin and whose clock the test moves: incidents the checker opens and ends for real,
 * and incidents stored through the API with past wall times in the account's zone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import os from "node:os";
import { join } from "node:path";
import { runReportCommand } from "../../src/cli/report";
import { UptimeClient } from "../../src/client";
import { runCaptured, type CommandRun } from "../support/captured-command-run";
import { startCheckingServer, type UptimeServer } from "../support/server";
import { startTarget, type Target } from "../support/targets";

export const KEY = "report-test-key-5c1d";
export const ZONE = "Europe/Berlin";
/** The end of January 2026 in UTC: the end of the default 30-day window the tests read. */
export const NOW = Date.parse("2026-01-31T00:00:00Z");

/** The server, the history, and the command at {@link NOW}. */
export async function reportFixture() {
  let clock = Date.parse("2025-06-01T00:00:00Z");
  const at = (iso: string) => (clock = Date.parse(iso));
  const server: UptimeServer = await startCheckingServer({
    now: () => clock,
    accounts: [{ apiKey: KEY, timeZone: ZONE }],
  });
  const target: Target = await startTarget();
  const api = new UptimeClient({ baseUrl: server.url, apiKey: KEY, timeZone: ZONE });
  const dir = mkdtempSync(join(os.tmpdir(), "uptime-report-"));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    UPTIME_BASE_URL: server.url,
    UPTIME_API_KEY: KEY,
    UPTIME_TIME_ZONE: ZONE,
  };

  // Created before the period; its history stored by hand, in Berlin wall time (UTC+1).
  const old = await api.monitors.create({ name: "prod/shop/api", url: `${target.url}/api`, interval: 60 });
  const blog = await api.monitors.create({ name: "blog", url: `${target.url}/blog`, interval: 60 });
  at("2026-01-20T00:00:00Z");
  // Across the period's start: 23:00Z to 01:00Z.
  await api.incidents.create({
    monitor_id: old.id,
    started_at: "2026-01-01T00:00:00",
    ended_at: "2026-01-01T02:00:00",
  });
  // Acknowledged after 5 minutes, ended after 30.
  await api.incidents.create({
    monitor_id: old.id,
    started_at: "2026-01-10T11:00:00",
    acknowledged_at: "2026-01-10T11:05:00",
    ended_at: "2026-01-10T11:30:00",
  });
  // Created inside the period: the checker sees it go down for 90 minutes (the others paused).
  at("2026-01-16T00:00:00Z");
  const web = await api.monitors.create({ name: "prod/shop/web", url: `${target.url}/web`, interval: 60 });
  const pause = (ids: number[], pause: boolean) => Promise.all(ids.map((id) => api.monitors.update(id, { pause })));
  await pause([old.id, blog.id], true);
  at("2026-01-20T00:00:00Z");
  await server.runChecks();
  target.failing(503);
  at("2026-01-20T00:30:00Z");
  await server.runChecks();
  target.healthy();
  at("2026-01-20T02:00:00Z");
  await server.runChecks();
  // Still open at the period's end: the checker finds the old monitor down since 23:30Z.
  await pause([web.id], true);
  await pause([old.id], false);
  target.failing(503);
  at("2026-01-30T23:30:00Z");
  await server.runChecks();
  at("2026-01-31T00:00:00Z");

  return {
    server,
    api,
    dir,
    env,
    monitors: { old, web, blog },
    /**
     * `pulumi-uptime report <argv>` at {@link NOW} (or `nowMs`), `extraEnv` over the account's
     * settings; `tty`: stderr is a terminal.
     */
    run(argv: string[], extraEnv: NodeJS.ProcessEnv = {}, nowMs = NOW, tty = false): Promise<CommandRun> {
      return runCaptured((a, io) => runReportCommand(a, io, nowMs), argv, {
        env: { ...env, ...extraEnv },
        cwd: dir,
        tty,
      });
    },
    async close() {
      await api.close();
      await server.close();
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type ReportFixture = Awaited<ReturnType<typeof reportFixture>>;

/** The fixture of one file's tests: made before them, closed after them. */
export function sharedReportFixture(): () => ReportFixture {
  let f: ReportFixture | undefined;
  beforeAll(async () => {
    f = await reportFixture();
  }, 60_000);
  afterAll(() => f?.close());
  return () => f!;
}
