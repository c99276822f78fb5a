/**
 * The run of `pulumi-uptime report`: settings as every command (maintenance's: a flag, then
 * the stack's, then `UPTIME_*`), the selection as `maintenance start` reads it, the period,
 * the incidents read the cheaper way (src/report/incident-reads.ts), then the report and its gate.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { UptimeClient } from "../client/client";
import { UptimeForbiddenError, UptimeUnauthorizedError } from "../client/errors";
import { selectMonitors, type Selection } from "../maintenance/select";
import { clientOf, SettingsError, stackSettings, type SettingFlags } from "../maintenance/service-client";
import { StackError, stackMonitors } from "../maintenance/stack-source";
import { gateFailures, type Gate } from "../report/gate";
import { PeriodError, planPeriod, type PeriodRequest } from "../report/period";
import { readIncidents } from "../report/incident-reads";
import { availabilityJunit, availabilityMarkdown, availabilityTable } from "../report/outputs";
import { availabilityReport, reportedMonitor } from "../report/availability";
import { configSettingsBeside } from "../stack/provider-settings";
import type { CliIo } from "../util/command-line";

/** What `report` was asked to do. */
export interface ReportOptions {
  selection: Omit<Selection, "stackIds">;
  stack?: string;
  period: PeriodRequest;
  slo?: number;
  gate: Gate;
  groups: boolean;
  output: "table" | "json" | "markdown";
  /** A JUnit XML file to write too (resolved against the command's directory). */
  junit?: string;
  flags: SettingFlags;
}

/** Errors that are the user's to fix: exit 2. */
function isUsage(err: unknown): boolean {
  return (
    err instanceof PeriodError ||
    err instanceof SettingsError ||
    err instanceof StackError ||
    err instanceof UptimeUnauthorizedError ||
    err instanceof UptimeForbiddenError
  );
}

/** The client for the stack's monitors (with `--stack`, and their ids) or the settings beside. */
async function connect(opts: ReportOptions, io: CliIo, cwd: string) {
  const target = { cwd, env: io.env, stack: opts.stack };
  if (!opts.stack) {
    const settings = await configSettingsBeside(target);
    return { client: clientOf(settings, opts.flags, io.env), stackIds: undefined };
  }
  const inStack = await stackMonitors(target);
  const source = stackSettings(inStack, opts.flags);
  return {
    client: clientOf(source.settings, opts.flags, io.env, source.from),
    stackIds: new Set(inStack.map((m) => m.id)),
  };
}

/** Runs `report`; `nowMs` is the clock (tests set it). */
export async function runReport(opts: ReportOptions, io: CliIo, nowMs = Date.now()): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  let client: UptimeClient | undefined;
  const progress = opts.output === "table" && io.stderr.isTTY === true;
  try {
    const connected = await connect(opts, io, cwd);
    client = connected.client;
    const period = planPeriod(opts.period, client.timeZone, nowMs);
    const { monitors, missing } = await selectMonitors(client, { ...opts.selection, stackIds: connected.stackIds });
    if (missing.length)
      io.stderr.write(
        `The stack's state holds ${missing.length} monitor${missing.length === 1 ? "" : "s"} the service does not have (ids ${missing.join(", ")}): left out.\n`,
      );
    let pages = 0;
    const read = await readIncidents(
      client,
      monitors.map((m) => m.id),
      period,
      nowMs,
      progress ? () => io.stderr.write(`\rReading incidents: ${++pages} pages`) : undefined,
    );
    if (progress) io.stderr.write("\r\x1b[K");
    const zone = client.timeZone;
    const report = availabilityReport(
      monitors.map((m) => reportedMonitor(m, zone)),
      read.byMonitor,
      period,
      { slo: opts.slo, groups: opts.groups },
    );
    const failures = gateFailures(opts.gate, report.monitors, report.groups);
    if (opts.output === "json") io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (opts.output === "markdown") io.stdout.write(availabilityMarkdown(report, failures));
    else io.stdout.write(availabilityTable(report));
    if (opts.junit) writeFileSync(resolve(cwd, opts.junit), availabilityJunit(report, failures));
    const s = read.stats;
    io.stderr.write(
      `Read ${monitors.length} monitor${monitors.length === 1 ? "" : "s"}' incidents in ${s.requests} request${s.requests === 1 ? "" : "s"} ` +
        `(${s.strategy === "account" ? "the account's list" : "per monitor"}; the other way: ${s.strategy === "account" ? `at least ${s.perMonitorRequests}` : `about ${s.accountRequests}`}).\n`,
    );
    if (failures.length && opts.output !== "markdown")
      io.stderr.write(`The gate fails:\n${failures.map((f) => `  ${f}\n`).join("")}`);
    return failures.length ? 1 : 0;
  } catch (err) {
    io.stderr.write(`pulumi-uptime report: ${(err as Error).message}\n`);
    return isUsage(err) ? 2 : 1;
  } finally {
    await client?.close();
  }
}
