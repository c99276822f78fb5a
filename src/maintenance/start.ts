/**
 * `maintenance start`: opens one window on the selected monitors, after recording each
 * monitor's window before it (record.ts). The record is written before the first change
 * and again once every answer is in, so a run that fails half way leaves what `end` needs.
 */
import { configSettingsBeside } from "../stack/provider-settings";
import { resolve } from "node:path";
import type { UptimeClient } from "../client/client";
import type { CliIo } from "../util/command-line";
import { formatLocalDateTime } from "../util/time";
import {
  newRecord,
  readRecordFile,
  recordText,
  writeRecordFile,
  RecordError,
  type MaintenanceRecord,
} from "./record-file";
import { windowOf } from "./restore";
import { selectMonitors, type Selection } from "./select";
import { clientOf, stackSettings, type SettingFlags } from "./service-client";
import { stackMonitors, type StackMonitor } from "./stack-source";
import { EXIT, exitForError } from "./exit-codes";
import { forEachInFlight } from "./in-flight";
import { planWindow, type WindowRequest } from "./window";

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
  const cwd = io.cwd ?? process.cwd();
  const file = resolve(cwd, opts.record);
  let client: UptimeClient | undefined;
  try {
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
    client = clientOf(source.settings, opts.flags, io.env, source.from);
    const zone = client.timeZone;
    const window = planWindow(opts.window, zone, nowMs);

    const stackIds = inStack ? new Set(inStack.map((m) => m.id)) : undefined;
    const { monitors, missing } = await selectMonitors(client, { ...opts.selection, stackIds });
    if (missing.length) {
      io.stderr.write(
        `Not on the service, left out: ${missing.length} monitor${missing.length === 1 ? "" : "s"} of the stack's state (id ${missing.join(", ")}).\n`,
      );
    }
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
      monitors.map((m) => ({ id: m.id, name: m.name, before: windowOf(m.maintenance_start_at, m.maintenance_end_at) })),
    );
    const head = `${monitors.length} monitor${monitors.length === 1 ? "" : "s"}, ${window.start} to ${window.end} (${zone})`;
    if (opts.dryRun) {
      if (opts.json) io.stdout.write(recordText(record));
      else io.stdout.write(`${listing(record)}Would silence ${head}. Nothing was changed (--dry-run).\n`);
      return EXIT.done;
    }
    if (monitors.length === 0) io.stderr.write("No monitor matches the selection: nothing to silence.\n");
    try {
      writeRecordFile(file, record);
    } catch (err) {
      // Before any change: the user's to fix (a missing directory, no permission), exit 2.
      const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new RecordError(`cannot write the record ${opts.record}: ${why}; nothing was changed`);
    }
    await silence(client, record);
    writeRecordFile(file, record);
    const failed = record.monitors.filter((m) => m.outcome === "failed");
    const say = opts.json ? (t: string) => io.stderr.write(t) : (t: string) => io.stdout.write(t);
    if (opts.json) io.stdout.write(recordText(record));
    else io.stdout.write(listing(record));
    say(
      `Silenced ${monitors.length - failed.length} of ${head}; until ${formatLocalDateTime(window.endMs, "UTC")}Z. ` +
        `Recorded in ${opts.record}: \`pulumi-uptime maintenance end\` restores each monitor's window.\n`,
    );
    if (failed.length) {
      say(
        `Could not change ${failed.length}:\n${failed.map((m) => `  ${m.name} (id ${m.id}): ${m.error}`).join("\n")}\n`,
      );
      return EXIT.someFailed;
    }
    return EXIT.done;
  } catch (err) {
    return exitForError(io, "start", err);
  } finally {
    await client?.close();
  }
}

/** Writes the window on each monitor of `record`, side by side (the client bounds what is in flight and paces). */
async function silence(client: UptimeClient, record: MaintenanceRecord): Promise<void> {
  const { start, end } = record.window;
  await forEachInFlight(record.monitors, async (m) => {
    try {
      await client.monitors.update(m.id, { maintenance_start_at: start, maintenance_end_at: end });
      m.outcome = "set";
    } catch (err) {
      m.outcome = "failed";
      m.error = (err as Error).message;
    }
  });
}

function listing(record: MaintenanceRecord): string {
  return record.monitors
    .map((m) => {
      const before = m.before ? `had ${m.before.start} to ${m.before.end}` : "had no window";
      const mark = m.outcome === "failed" ? "FAILED" : m.outcome === "set" ? "silenced" : "selected";
      return `${mark.padEnd(9)} ${m.name} (id ${m.id}): ${before}\n`;
    })
    .join("");
}
