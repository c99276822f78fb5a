/**
 * The record `maintenance start` writes before it changes any monitor, and `maintenance
 * end` restores from: the service, the account's time zone, the window opened, and each
 * selected monitor's window before it. Written first, so that a start that fails half way
 * (or is killed) still leaves what `end` needs; a monitor still holding the window before is
 * simply left as it is. Holds no key and no monitor URL. Mode 0600, replaced atomically.
 */
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { WallWindow } from "./window";

/** The default record file, in the directory the command runs in. */
export const DEFAULT_RECORD_FILE = ".uptime-maintenance.json";

const KIND = "pulumi-uptime maintenance";

/** What became of one monitor at start. */
type StartOutcome = "set" | "failed" | "pending";

/** Who opened a window that was in progress at start, as far as its times tell. */
export type InProgressAtStart = "maintenance-start" | "other";

/** One selected monitor in the record. */
export interface RecordedMonitor {
  id: number;
  name: string;
  /** Its window before start (wall time in the record's zone), or null for none. */
  before: WallWindow | null;
  /**
   * Set when the window before was in progress at start (a window this record does not own):
   * `maintenance-start` when it carries the mark of a window another `maintenance start`
   * wrote (window.ts), which `end` does not give back; `other` for any other, which it does.
   */
  beforeInProgress?: InProgressAtStart;
  /** `pending` until the write was answered. */
  outcome: StartOutcome;
  /** Why the write failed (the client's message: request and status, never the key). */
  error?: string;
}

/** The record file's content. */
export interface MaintenanceRecord {
  kind: typeof KIND;
  version: 1;
  /** The service's root URL. */
  service: string;
  /** The account's time zone the windows are written in. */
  timeZone: string;
  /** The stack whose settings and monitors were used, when `--stack` was given. */
  stack?: string;
  /** How the monitors were selected, as given on the command line. */
  selection: Record<string, string>;
  /** When start ran (ISO UTC). */
  startedAt: string;
  /** The window start opened. */
  window: WallWindow;
  /** When end last ran (ISO UTC). */
  endedAt?: string;
  monitors: RecordedMonitor[];
}

/** A record file that cannot be used: exit 2. */
export class RecordError extends Error {}

/** A new record of `monitors` before any write. */
export function newRecord(
  fields: Omit<MaintenanceRecord, "kind" | "version" | "monitors" | "endedAt">,
  monitors: Omit<RecordedMonitor, "outcome">[],
): MaintenanceRecord {
  return { kind: KIND, version: 1, ...fields, monitors: monitors.map((m) => ({ ...m, outcome: "pending" })) };
}

/** `record` as its file's text. */
export function recordText(record: MaintenanceRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Writes `record` to `file`, readable by the user only, replacing any file there atomically. */
export function writeRecordFile(file: string, record: MaintenanceRecord): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, recordText(record), { mode: 0o600 });
    chmodSync(tmp, 0o600); // whatever the umask
    renameSync(tmp, file);
  } catch (err) {
    // A failed write leaves no stray copy of the record beside the file.
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The record in `file`, or undefined when there is none; a RecordError when it is not one. */
export function readRecordFile(file: string): MaintenanceRecord | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new RecordError(`${file} is not a maintenance record (${(err as Error).message})`);
  }
  const r = parsed as Partial<MaintenanceRecord>;
  const ok =
    r?.kind === KIND &&
    r.version === 1 &&
    typeof r.service === "string" &&
    typeof r.timeZone === "string" &&
    typeof r.window?.start === "string" &&
    typeof r.window?.end === "string" &&
    Array.isArray(r.monitors) &&
    r.monitors.every(
      (m) =>
        Number.isInteger(m?.id) &&
        (m.before === null || typeof m.before?.start === "string") &&
        [undefined, "maintenance-start", "other"].includes(m.beforeInProgress),
    );
  if (!ok) throw new RecordError(`${file} is not a maintenance record written by \`pulumi-uptime maintenance start\``);
  return r as MaintenanceRecord;
}
