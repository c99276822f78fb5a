/**
 * `pulumi-uptime maintenance start|end`: silences a set of monitors for a deploy and gives
 * each its window back afterwards. The command line only; the work is in src/maintenance.
 */
import { processIo, runCommand } from "./command";
import { parseOptions, UsageError, type CliIo } from "../util/command-line";
import {
  SELECTION_HELP,
  SELECTION_OPTIONS,
  selectionFlags,
  SETTINGS_HELP,
  SETTINGS_OPTIONS,
  settingFlags,
  timeZoneFlag,
} from "./service-flags";
import { DEFAULT_RECORD_FILE } from "../maintenance/record-file";
import { endMaintenance, type EndOptions } from "../maintenance/end";
import { startMaintenance, type StartOptions } from "../maintenance/start";

const MAINTENANCE_USAGE = `Usage: pulumi-uptime maintenance start [--stack NAME] [--search TEXT [--search-by name|url]]
                                       [--name-prefix PREFIX] (--for DURATION | --until TIME) [--allow-long]
                                       [--dry-run] [--record FILE] [--json] [--time-zone ZONE]
                                       [--base-url URL] [--api-key KEY] [--requests-per-minute N]
       pulumi-uptime maintenance end [--record FILE] [--json] [--base-url URL] [--api-key KEY]
                                     [--requests-per-minute N]

start opens a maintenance window, from now, on the selected monitors: the service does
not check them and shows them as \`maintenance\` until it ends. Each monitor's window
before it is recorded first (--record). end gives each monitor back the window it had
before (a window scheduled for later is restored; none is cleared), except a monitor
whose window someone changed since start: that one is left alone and reported. A
window another \`maintenance start\` (another record) had in progress at start is not
given back: it is cleared (docs/maintenance.md, pipelines that share monitors). end
twice, or after the window is over, changes nothing.

Selection (start; at least one; several intersect):
${SELECTION_HELP}
  --dry-run             List the selection and the window; change and write nothing.

Window (start):
  --for DURATION        How long, e.g. 15m, 1h30m, 2h.
  --until TIME          Until 2026-03-02T18:30 (in the account's time zone),
                        2026-03-02T17:30:00Z, or 18:30 (the next one).
  --allow-long          Allow a window longer than 24h (to 9999-12-31T23:59:59 at most).
  --time-zone ZONE      The account's IANA time zone, the windows are written in.
                        Default: uptime:timeZone, else UPTIME_TIME_ZONE, else UTC.

Both:
  --record FILE         The record of the windows before start (mode 0600).
                        Default ${DEFAULT_RECORD_FILE}. FILE.lock beside it holds
                        it while start or end runs: a second run on it exits 2.
  --json                Print the record (start) or what was done (end) as JSON.
${SETTINGS_HELP}
  -h, --help            Show this help.

Settings: a flag wins, then the stack's (the provider of --stack's monitors, else the
uptime:* config of the stack selected in this directory), then UPTIME_* (retries and
timeouts too). end uses the stack and time zone its record names.

Exit code: 0 done, 1 some monitors could not be changed (named) or the service failed,
2 usage or settings (nothing written).`;

type Parsed = { command: "start"; opts: StartOptions } | { command: "end"; opts: EndOptions };

const COMMON = {
  record: { type: "string" },
  json: { type: "boolean" },
  ...SETTINGS_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

const START = {
  ...COMMON,
  ...SELECTION_OPTIONS,
  "dry-run": { type: "boolean" },
  for: { type: "string" },
  until: { type: "string" },
  "allow-long": { type: "boolean" },
  "time-zone": { type: "string" },
} as const;

/**
 * Every flag of the two subcommands (`help` aside), which the usage lines name.
 */
export const MAINTENANCE_FLAGS = Object.keys(START).filter((k) => k !== "help");

function parse(argv: string[]): Parsed | "help" {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") return "help";
  if (command === "end") {
    const v = parseOptions(rest, COMMON);
    if (v.help) return "help";
    return {
      command,
      opts: { flags: settingFlags(v), record: v.record ?? DEFAULT_RECORD_FILE, json: v.json ?? false },
    };
  }
  if (command !== "start") throw new UsageError(`expected start or end; got ${JSON.stringify(command)}`);
  const v = parseOptions(rest, START);
  if (v.help) return "help";
  const { selection, stack } = selectionFlags(v);
  const { search, namePrefix } = selection;
  if (search === undefined && namePrefix === undefined && stack === undefined)
    throw new UsageError(
      "select the monitors: --stack NAME, --search TEXT or --name-prefix PREFIX (several intersect)",
    );
  if (v.for === undefined && v.until === undefined)
    throw new UsageError("say how long: --for DURATION (e.g. 30m) or --until TIME; a window always has an end");
  const timeZone = timeZoneFlag(v["time-zone"]);
  return {
    command,
    opts: {
      selection,
      stack,
      window: { for: v.for, until: v.until, allowLong: v["allow-long"] ?? false },
      flags: { ...settingFlags(v), timeZone },
      record: v.record ?? DEFAULT_RECORD_FILE,
      json: v.json ?? false,
      dryRun: v["dry-run"] ?? false,
    },
  };
}

/**
 * Runs `pulumi-uptime maintenance` with `argv` (the arguments after `maintenance`); `nowMs`
 * is the clock (tests set it).
 * @returns 0 done, 1 some monitors could not be changed, 2 usage or settings.
 */
export async function runMaintenance(argv: string[], io: CliIo = processIo(), nowMs?: number): Promise<number> {
  return runCommand("maintenance", MAINTENANCE_USAGE, argv, io, parse, (p) =>
    p.command === "start" ? startMaintenance(p.opts, io, nowMs) : endMaintenance(p.opts, io, nowMs),
  );
}
