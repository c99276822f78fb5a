/**
 * `pulumi-uptime report`: the availability of a set of monitors over a period, from the
 * service's incidents, with the error budget of an SLO and a deploy gate on it. The command
 * line only; the figures and the reads are in src/report, the run in report-run.ts.
 */
import { parseNumber, parseOptions, UsageError, type CliIo } from "../util/command-line";
import { DEFAULT_WINDOW } from "../report/period";
import { processIo, runCommand } from "./command";
import { runReport, type ReportOptions } from "./report-run";
import * as shared from "./service-flags";

const REPORT_USAGE = `Usage: pulumi-uptime report [--stack NAME] [--search TEXT [--search-by name|url]] [--name-prefix PREFIX]
                            [--window LENGTH | --from TIME] [--until TIME] [--time-zone ZONE]
                            [--slo PCT [--fail-under-budget PCT] [--fail-on-burn-rate N]]
                            [--group-by prefix|none] [--json | --markdown] [--junit FILE]
                            [--base-url URL] [--api-key KEY] [--requests-per-minute N]

The availability of the selected monitors over a period, from the service's incidents
(the checker's and those stored by hand): downtime (incidents clipped to the period,
overlaps merged, one not yet ended counted to the period's end), incidents, the longest
outage, mean times to acknowledge and to resolve, and with --slo the error budget left
and its burn rates. Monitors named <env>/<service>/<key> also roll up per service.
docs/reporting.md says what the numbers mean and what they cannot know.

Selection (none: every monitor of the account; several intersect):
${shared.SELECTION_HELP}

Period (a monitor created inside it is measured from its creation):
  --window LENGTH       The period's length, ending at --until: 30d, 7d, 12h, 1d12h.
                        Default ${DEFAULT_WINDOW}.
  --from TIME           Its start instead: 2026-03-01T00:00 (in the account's time zone)
                        or 2026-03-01T00:00:00Z.
  --until TIME          Its end, as --from. Default now.
  --time-zone ZONE      The account's IANA time zone, times are read in. Default:
                        uptime:timeZone, else UPTIME_TIME_ZONE, else UTC.

Budget and gate:
  --slo PCT             The objective, e.g. 99.9: adds each monitor's and group's error
                        budget (allowed, left) and burn rates over 1h and 6h.
  --fail-under-budget PCT
                        Exit 1 when a monitor or group has less than PCT percent of its
                        budget left (negative once spent). Needs --slo.
  --fail-on-burn-rate N Exit 1 when a monitor's or group's burn rate over the last hour
                        is N or more (14.4 spends 2% of a 30-day budget in an hour).
                        Needs --slo.
  --group-by prefix|none
                        Roll up per <env>/<service>/ (default), or not.

Output:
  --json                The report as JSON: { from, until, slo, monitors, groups }.
  --markdown            The report as Markdown (a pull request comment, a step summary).
  --junit FILE          Also write a JUnit XML report: a test case per monitor and group,
                        failed when the gate fails on it.
${shared.SETTINGS_HELP}
  -h, --help            Show this help.

Settings: a flag wins, then the stack's (the provider of --stack's monitors, else the
uptime:* config of the stack selected in this directory), then UPTIME_*.

Exit code: 0 the gate passes (or none asked), 1 it fails (each failure named) or the
service failed, 2 usage or settings (nothing read).`;

const OPTIONS = {
  ...shared.SELECTION_OPTIONS,
  window: { type: "string" },
  from: { type: "string" },
  until: { type: "string" },
  "time-zone": { type: "string" },
  slo: { type: "string" },
  "fail-under-budget": { type: "string" },
  "fail-on-burn-rate": { type: "string" },
  "group-by": { type: "string" },
  json: { type: "boolean" },
  markdown: { type: "boolean" },
  junit: { type: "string" },
  ...shared.SETTINGS_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

function numberFlag(flag: string, text: string | undefined, min: number, max: number, open: boolean) {
  if (text === undefined) return undefined;
  const n = parseNumber(text, { min, max, whole: false });
  if (n === undefined || (open && (n === min || n === max)))
    throw new UsageError(
      `--${flag} must be a number ${open ? "between" : "from"} ${min} ${open ? "and" : "to"} ${max}; got ${JSON.stringify(text)}`,
    );
  return n;
}

function parse(argv: string[]): ReportOptions | "help" {
  const v = parseOptions(argv, OPTIONS);
  if (v.help) return "help";
  const { selection, stack } = shared.selectionFlags(v);
  const slo = numberFlag("slo", v.slo, 0, 100, true);
  const failUnderBudget = numberFlag("fail-under-budget", v["fail-under-budget"], -1e9, 100, false);
  const failOnBurnRate = numberFlag("fail-on-burn-rate", v["fail-on-burn-rate"], 0, 1e9, false);
  if (slo === undefined && (failUnderBudget !== undefined || failOnBurnRate !== undefined))
    throw new UsageError(
      `${failUnderBudget !== undefined ? "--fail-under-budget" : "--fail-on-burn-rate"} needs --slo: a budget is what the objective allows`,
    );
  const groupBy = v["group-by"] ?? "prefix";
  if (groupBy !== "prefix" && groupBy !== "none")
    throw new UsageError(`--group-by must be prefix or none; got ${JSON.stringify(groupBy)}`);
  if (v.json && v.markdown) throw new UsageError("give either --json or --markdown, not both");
  return {
    selection,
    stack,
    period: {
      window: shared.nonEmpty("window", v.window),
      from: shared.nonEmpty("from", v.from),
      until: shared.nonEmpty("until", v.until),
    },
    slo,
    gate: { failUnderBudget, failOnBurnRate },
    groups: groupBy === "prefix",
    output: v.json ? "json" : v.markdown ? "markdown" : "table",
    junit: shared.nonEmpty("junit", v.junit),
    flags: { ...shared.settingFlags(v), timeZone: shared.timeZoneFlag(v["time-zone"]) },
  };
}

/**
 * Runs `pulumi-uptime report` with `argv` (the arguments after `report`); `nowMs` is the
 * clock (tests set it).
 * @returns 0 the gate passes, 1 it fails or the service failed, 2 usage or settings.
 */
export async function runReportCommand(argv: string[], io: CliIo = processIo(), nowMs?: number): Promise<number> {
  return runCommand("report", REPORT_USAGE, argv, io, parse, (opts) => runReport(opts, io, nowMs));
}
