/**
 * The claim `maintenance start` and `end` hold on a record while they run: a lock file
 * beside it (`<record>.lock`), created exclusively (`wx`, which every OS and file system
 * honours), holding who made it. Without it two starts on one record (two deploy jobs on a
 * workspace, a retried job while the first still runs) would both find no open record, both
 * silence monitors, and the second would record the first's window as a monitor's "before";
 * an end during a start would read half a selection.
 *
 * A lock from a run that died (this host, its pid gone) is taken over, with a note; one from
 * another host cannot be checked, so it is left for the user to remove.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { isProcessAlive } from "../util/process-alive";
import { RecordError } from "./record-file";

/** Who holds a record: the lock file's content. */
export interface RecordHolder {
  command: "start" | "end";
  pid: number;
  host: string;
  /** When the holder claimed the record (ISO UTC). */
  startedAt: string;
  /** Tells this claim from a later one by a process that got the same pid. */
  token: string;
}

/** Another run holds the record: exit 2, nothing was changed. */
export class RecordInUseError extends RecordError {
  constructor(
    message: string,
    readonly holder: RecordHolder | undefined,
  ) {
    super(message);
  }
}

/** The claim's file for the record at `file`. */
export function lockFileOf(file: string): string {
  return `${file}.lock`;
}

/** Lock files this process holds: a lock naming our own pid and not among them is from an earlier process. */
const heldHere = new Set<string>();

/**
 * Claims the record at `file` (`name`: as the user gave it) for `command`, or throws a
 * RecordInUseError naming the run that holds it. Returns the release, which removes the lock
 * only while it is still this claim's.
 */
export function claimRecord(
  file: string,
  name: string,
  command: RecordHolder["command"],
  note: (text: string) => void,
): () => void {
  const lock = lockFileOf(file);
  const mine: RecordHolder = {
    command,
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  };
  const text = `${JSON.stringify(mine, null, 2)}\n`;
  // A few rounds: each lost race either ends in a holder to name or a stale lock gone.
  for (let round = 0; round < 5; round++) {
    try {
      writeFileSync(lock, text, { flag: "wx", mode: 0o600 });
      heldHere.add(lock);
      return () => release(lock, mine.token);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EEXIST")
        throw new RecordError(
          `cannot write the record ${name}: ${code ?? (err as Error).message}; nothing was changed`,
        );
    }
    const seen = readLock(lock);
    if (seen === undefined) continue; // removed meanwhile: try again
    const holder = parseHolder(seen);
    if (!holder) {
      throw new RecordInUseError(
        `${name} is claimed by another run, but its lock ${lock} cannot be read (a run creating it, or one that died doing so); ` +
          `nothing was changed. If no \`maintenance start\` or \`end\` is running on this record, remove ${lock}`,
        undefined,
      );
    }
    if (!isStale(lock, holder)) throw new RecordInUseError(inUse(name, lock, holder), holder);
    if (takeOver(lock, seen)) {
      note(
        `Took over ${lock}: the \`maintenance ${holder.command}\` that left it (pid ${holder.pid}, started ${holder.startedAt}) is no longer running.\n`,
      );
    }
  }
  throw new RecordInUseError(
    `${name}: could not claim ${lock} (other runs keep taking it); nothing was changed`,
    undefined,
  );
}

function inUse(name: string, lock: string, h: RecordHolder): string {
  const who = `\`maintenance ${h.command}\` (pid ${h.pid} on ${h.host}, started ${h.startedAt})`;
  const here = h.host === hostname();
  return (
    `${name} is in use by another ${who}; nothing was changed. ` +
    (here
      ? `Wait for it to finish, or pass another --record`
      : `It runs on another host, which cannot be checked from here: if it is no longer running, remove ${lock}`)
  );
}

/** A lock left by a run of this host that is gone: its pid is not running (or is ours, from an earlier process). */
function isStale(lock: string, h: RecordHolder): boolean {
  if (h.host !== hostname()) return false;
  if (h.pid === process.pid) return !heldHere.has(lock);
  return !isProcessAlive(h.pid);
}

/**
 * Removes the stale lock whose text was `seen`, unless another run replaced it meanwhile.
 * Moving it aside first makes the check and the removal one step: of two runs taking over
 * at once, the second moves the first's new lock, sees it is not the stale one, and puts it back.
 */
function takeOver(lock: string, seen: string): boolean {
  const aside = `${lock}.${process.pid}.${randomUUID()}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return false; // gone already: the next round sees
  }
  if (readLock(aside) === seen) {
    rmSync(aside, { force: true });
    return true;
  }
  renameSync(aside, lock);
  return false;
}

function release(lock: string, token: string): void {
  heldHere.delete(lock);
  const now = readLock(lock);
  // Still ours: a lock someone removed by hand and another run took is left alone.
  if (now !== undefined && parseHolder(now)?.token === token) rmSync(lock, { force: true });
}

function readLock(lock: string): string | undefined {
  try {
    return readFileSync(lock, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new RecordError(
      `cannot read the lock ${lock}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

function parseHolder(text: string): RecordHolder | undefined {
  try {
    const h = JSON.parse(text) as Partial<RecordHolder>;
    const ok =
      (h.command === "start" || h.command === "end") &&
      Number.isInteger(h.pid) &&
      typeof h.host === "string" &&
      typeof h.startedAt === "string" &&
      typeof h.token === "string";
    return ok ? (h as RecordHolder) : undefined;
  } catch {
    return undefined;
  }
}
