/**
 * `maintenance start`: opens one window on the selected monitors, after recording each
 * monitor's window before it (record-file.ts). The selection is read a page at a time and the
 * record, grown by each page, is written before that page's changes and again once every
 * answer is in, so a run that fails half way leaves what `end` needs. The record is claimed
 * (record-claim.ts) for the whole run, so a second start on it refuses instead of recording
 * this one's window as a monitor's window before.
 */
import { configSettingsBeside } from "../stack/provider-settings";
import type { UptimeClient } from "../client/client";
import type { CliIo } from "../util/command-line";
import { formatLocalDateTime, localDateTimeToEpoch } from "../util/time";
import {
  newRecord,
  readRecordFile,
  recordText,
  writeRecordFile,
  RecordError,
  type MaintenanceRecord,
  type RecordedMonitor,
} from "./record-file";
import type { Monitor } from "../schemas";
import { windowOf } from "./restore";
import { eachSelectedPage, selectMonitors, type Selection } from "./select";
import { clientOf, stackSettings, type SettingFlags } from "./service-client";
import { stackMonitors, type StackMonitor } from "./stack-source";
import { EXIT, exitForError, runOnRecord } from "./exit-codes";
import { InFlightQueue } from "./in-flight";
import { claimRecord } from "./record-claim";
import { inProgress, openedByStart, planWindow, type WindowRequest } from "./window";

/** What `start` was asked to do. */
export interface StartOptions {
  selection: Omit<Selection, "stackIds">;
  /** `--stack`: the monitors of this stack's state (intersected with the other selectors). */
  stack?: string;
  window: WindowRequest;
  flags: SettingFlags;
  /** The record file (resolved against the command's directory). */
  record: string;
  json: boolean;
  dryRun: boolean;
}

/** Runs `start`; `nowMs` is the clock (tests move it). */
export async function startMaintenance(opts: StartOptions, io: CliIo, nowMs = Date.now()): Promise<number> {
  return runOnRecord("start", opts.record, io, async ({ cwd, file }, held) => {
    // Held until start ends, however it ends: a second start on this record refuses before it changes anything.
    if (!opts.dryRun) held.release = claimRecord(file, opts.record, "start", (t) => io.stderr.write(t));
    const earlier = opts.dryRun ? undefined : readRecordFile(file);
    if (earlier && !earlier.endedAt) {
      throw new RecordError(
        `${opts.record} holds a maintenance started ${earlier.startedAt} and not ended; run \`pulumi-uptime maintenance end\` first, or pass another --record`,
      );
    }
    const target = { cwd, env: io.env, stack: opts.stack };
    let inStack: StackMonitor[] | undefined;
    let source;
    if (opts.stack) {
      inStack = await stackMonitors(target);
      source = stackSettings(inStack, opts.flags);
    } else {
      source = { settings: await configSettingsBeside(target), from: undefined };
    }
    const client = (held.client = clientOf(source.settings, opts.flags, io.env, source.from));
    const zone = client.timeZone;
    const window = planWindow(opts.window, zone, nowMs);

    const stackIds = inStack ? new Set(inStack.map((m) => m.id)) : undefined;
    const sel = { ...opts.selection, stackIds };
    const selection = Object.fromEntries(
      Object.entries({ ...opts.selection, stack: opts.stack }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    const record = newRecord(
      {
        service: client.baseUrl,
        timeZone: zone,
        stack: opts.stack,
        selection,
        startedAt: new Date(nowMs).toISOString(),
        window: { start: window.start, end: window.end },
      },
      [],
    );
    const head = (n: number) => `${n} monitor${n === 1 ? "" : "s"}, ${window.start} to ${window.end} (${zone})`;
    if (opts.dryRun) {
      const { monitors, missing } = await selectMonitors(client, sel);
      warnMissing(io, missing);
      record.monitors = monitors.map(recorder(zone, nowMs));
      if (opts.json) io.stdout.write(recordText(record));
      else
        io.stdout.write(`${listing(record)}Would silence ${head(monitors.length)}. Nothing was changed (--dry-run).\n`);
      (opts.json ? io.stderr : io.stdout).write(inProgressNote(record.monitors));
      return EXIT.done;
    }
    const run = await silenceAsRead(client, sel, record, file, opts.record, recorder(zone, nowMs));
    const monitors = record.monitors.length;
    if (run.failure && !run.recorded) throw run.failure;
    warnMissing(io, run.missing);
    if (monitors === 0 && !run.failure) io.stderr.write("No monitor matches the selection: nothing to silence.\n");
    try {
      writeRecordFile(file, record);
    } catch (err) {
      // The record on disk already holds every monitor written to, as pending: end restores them.
      run.failure ??= err as Error;
    }
    const failed = record.monitors.filter((m) => m.outcome === "failed");
    const say = opts.json ? (t: string) => io.stderr.write(t) : (t: string) => io.stdout.write(t);
    if (opts.json) io.stdout.write(recordText(record));
    else io.stdout.write(listing(record));
    // The end as written, read as the service reads it: never the asked instant's second before it.
    const until = formatLocalDateTime(localDateTimeToEpoch(window.end, zone), "UTC");
    say(
      `Silenced ${monitors - failed.length} of ${head(monitors)}; until ${until}Z. ` +
        `Recorded in ${opts.record}: \`pulumi-uptime maintenance end\` restores each monitor's window.\n`,
    );
    say(inProgressNote(record.monitors));
    if (failed.length) {
      say(
        `Could not change ${failed.length}:\n${failed.map((m) => `  ${m.name} (id ${m.id}): ${m.error}`).join("\n")}\n`,
      );
    }
    if (run.failure) {
      const code = exitForError(io, "start", run.failure);
      io.stderr.write(
        `Stopped part way: ${opts.record} holds every monitor changed before that; \`pulumi-uptime maintenance end\` restores them.\n`,
      );
      return Math.max(code, EXIT.someFailed);
    }
    return failed.length ? EXIT.someFailed : EXIT.done;
  });
}

function warnMissing(io: CliIo, missing: number[]): void {
  if (!missing.length) return;
  io.stderr.write(
    `Not on the service, left out: ${missing.length} monitor${missing.length === 1 ? "" : "s"} of the stack's state (id ${missing.join(", ")}).\n`,
  );
}

/** What the record holds of a monitor read at `nowMs`, before start changes it. */
function recorder(zone: string, nowMs: number): (m: Monitor) => RecordedMonitor {
  return (m) => {
    const before = windowOf(m.maintenance_start_at, m.maintenance_end_at);
    const entry: RecordedMonitor = { id: m.id, name: m.name, before, outcome: "pending" };
    // A record being started owns no window yet: one in progress is someone else's.
    if (before && inProgress(before, zone, nowMs))
      entry.beforeInProgress = openedByStart(before) ? "maintenance-start" : "other";
    return entry;
  };
}

/** What start says of the windows in progress it found (none: nothing). */
function inProgressNote(monitors: RecordedMonitor[]): string {
  const count = (k: RecordedMonitor["beforeInProgress"]) => monitors.filter((m) => m.beforeInProgress === k).length;
  const [theirs, other] = [count("maintenance-start"), count("other")];
  if (!theirs && !other) return "";
  const n = (k: number) => `${k} monitor${k === 1 ? "" : "s"}`;
  const lines = ["A window was in progress that this record does not own, on " + n(theirs + other) + ":"];
  if (theirs)
    lines.push(
      `  ${n(theirs)}: opened by another \`maintenance start\` (another record). The window start writes replaces it, and ` +
        "`end` clears it rather than give it back: that run's monitors are silenced no longer than this window. " +
        "Pipelines that silence the same monitors should share one record (docs/maintenance.md#pipelines-that-share-monitors).",
    );
  if (other) lines.push(`  ${n(other)}: not opened by \`maintenance start\`; \`end\` gives it back.`);
  return `${lines.join("\n")}\n`;
}

/**
 * Reads the selection a page at a time and writes the window on each monitor of a page once
 * the record holds it: the record grows page by page, replaced whole before each page's
 * writes, so a run stopped at any point leaves what `end` needs. Writes go side by side
 * (the client bounds what is in flight and paces) while later pages are read. A failure to
 * read the selection or write the record stops new writes; those started finish, and it is
 * returned (`recorded`: whether any record was written, so something may have changed).
 */
async function silenceAsRead(
  client: UptimeClient,
  sel: Selection,
  record: MaintenanceRecord,
  file: string,
  name: string,
  recorded: (m: Monitor) => RecordedMonitor,
): Promise<{ missing: number[]; failure?: Error; recorded: boolean }> {
  const { start, end } = record.window;
  const writes = new InFlightQueue<RecordedMonitor>(async (m) => {
    try {
      await client.monitors.updateWithoutReading(m.id, { maintenance_start_at: start, maintenance_end_at: end });
      m.outcome = "set";
    } catch (err) {
      m.outcome = "failed";
      m.error = (err as Error).message;
    }
  });
  const pages: RecordedMonitor[][] = [];
  let recordedAny = false;
  let failure: Error | undefined;
  let missing: number[] = [];
  try {
    ({ missing } = await eachSelectedPage(client, sel, (monitors, index) => {
      if (failure) return; // a page that arrived after the run stopped: neither recorded nor written
      pages[index] = monitors.map(recorded);
      record.monitors = pages.flat();
      try {
        writeRecordFile(file, record);
      } catch (err) {
        const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        // Before any change it is the user's to fix (a missing directory, no permission): exit 2.
        failure = recordedAny
          ? new Error(`cannot write the record ${name}: ${why}; no further monitor was changed`)
          : new RecordError(`cannot write the record ${name}: ${why}; nothing was changed`);
        pages[index] = [];
        record.monitors = pages.flat();
        throw failure;
      }
      recordedAny = true;
      writes.push(pages[index]);
    }));
  } catch (err) {
    failure ??= err as Error;
  }
  await writes.finish();
  return { missing, failure, recorded: recordedAny };
}

const IN_PROGRESS = {
  "maintenance-start": ", in progress, opened by another `maintenance start`",
  other: ", in progress",
  no: "",
};

function listing(record: MaintenanceRecord): string {
  return record.monitors
    .map((m) => {
      const before = m.before
        ? `had ${m.before.start} to ${m.before.end}${IN_PROGRESS[m.beforeInProgress ?? "no"]}`
        : "had no window";
      const mark = m.outcome === "failed" ? "FAILED" : m.outcome === "set" ? "silenced" : "selected";
      return `${mark.padEnd(9)} ${m.name} (id ${m.id}): ${before}\n`;
    })
    .join("");
}
