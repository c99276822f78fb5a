/**
 * Reads that lag writes. A service may answer reads from a replica that lags its writes,
 * so a read right after a write can return what was stored before it: a record just
 * created is missing (404, or absent from the list), one just changed shows its old
 * fields. Recorded as such, a refresh would forget what was just created (and the next
 * `up` create it again) or record old fields (and the next `up` show a false diff).
 *
 * The providers avoid reads after their own writes (a write's answer carries the record),
 * and where a read must follow one (a refresh right after `up`, an update that changes
 * nothing, the lookup that settles a create whose answer was lost), they recognise an
 * answer older than what the state recorded and read again, pausing
 * {@link FIRST_PAUSE_MS} and doubling up to {@link MAX_PAUSE_MS}, for at most
 * {@link READ_WAIT_MS} in all; then they fail, saying so. docs/consistency.md explains
 * the policy to users.
 *
 * Older than recorded means: its `updated_at` is before the `updatedAt` the state
 * recorded (unless by whole quarter-hours: that is the time zone setting changed since the
 * write, see stored-times.ts), or it is missing (404) while the state says it was created
 * less than {@link READ_WAIT_MS} ago (by this machine's clock). A 404 is believed once the
 * record is older than that, or when this process deleted it: the record is gone.
 */
import { UptimeNotFoundError } from "../client/errors";
import { isLocalDateTime, localDateTimeToEpoch, parseServiceDate } from "../util/time";
import { UptimeResourceError } from "./user-errors";

/**
 * The longest a read waits for the service to show what was written, in ms.
 */
const READ_WAIT_MS = 10_000;
/** The first pause between two reads of a record, in ms; it doubles up to {@link MAX_PAUSE_MS}. */
const FIRST_PAUSE_MS = 250;
/** The longest pause between two reads, in ms. */
const MAX_PAUSE_MS = 2_000;

/** What the state recorded after the last write: the record's dates as the client returned them. */
interface Recorded {
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** A record's dates as the client returns them. */
interface LiveDates {
  updated_at?: string | null;
}

/** Records this process deleted, `monitor 12`: a 404 for one of them is final. */
const deletedHere = new Set<string>();

/** Notes that this process deleted the record (a read of it that finds nothing is then final). */
export function noteDeleted(kind: "monitor" | "incident", id: string | number): void {
  deletedHere.add(`${kind} ${id}`);
}

/** True when this process deleted the record. */
export function deletedByThisProcess(kind: "monitor" | "incident", id: string | number): boolean {
  return deletedHere.has(`${kind} ${id}`);
}

const QUARTER_HOUR_MS = 15 * 60_000;

/** Clock and sleep, replaceable by tests. */
interface Waiting {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realWaiting: Waiting = {
  now: Date.now,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};
let waiting = realWaiting;

/**
 * Replaces the clock and sleep (tests); undefined puts the real ones back.
 */
export function setWaiting(w: Waiting | undefined): void {
  waiting = w ?? realWaiting;
}

/** Epoch ms of a date as the client returns it (wall time in `timeZone`) or as the service sends it. */
function instant(v: string | null | undefined, timeZone: string): number | undefined {
  if (typeof v !== "string" || v === "") return undefined;
  const ms = isLocalDateTime(v) ? localDateTimeToEpoch(v, timeZone) : parseServiceDate(v);
  return ms === undefined || Number.isNaN(ms) ? undefined : ms;
}

/**
 * Why `live` may be an answer from before the write the state recorded; undefined when it is not.
 */
function staleness(live: LiveDates | undefined, recorded: Recorded, timeZone: string, now: number): string | undefined {
  if (live === undefined) {
    const created = instant(recorded.createdAt, timeZone);
    if (created !== undefined && Math.abs(now - created) < READ_WAIT_MS)
      return `it reads as missing, though it was created at ${recorded.createdAt}`;
    return undefined;
  }
  const was = instant(recorded.updatedAt, timeZone);
  const is = instant(live.updated_at, timeZone);
  if (was !== undefined && is !== undefined && is < was && (was - is) % QUARTER_HOUR_MS !== 0)
    return `it reads as last updated at ${live.updated_at}, before the update at ${recorded.updatedAt} recorded in state`;
  return undefined;
}

/**
 * Reads a record with `first`, and while the answer is older than `recorded` (see the
 * module comment) again with `again`, pausing between reads, for at most
 * {@link READ_WAIT_MS}. Resolves with the first answer that is not older; rejects with
 * the read's own error (a 404 included, once the record is too old for it to be a lagging
 * read), or, when the wait runs out, with an error naming `who` and `what` that says what
 * happened.
 */
export async function readNotOlder<T extends LiveDates>(
  who: string,
  what: string,
  recorded: Recorded,
  timeZone: string,
  first: () => Promise<T>,
  again: () => Promise<T> = first,
): Promise<T> {
  const started = waiting.now();
  let pause = FIRST_PAUSE_MS;
  let read = first;
  for (let tries = 1; ; tries++) {
    let live: T | undefined;
    let missing: UptimeNotFoundError | undefined;
    try {
      live = await read();
    } catch (err) {
      if (!(err instanceof UptimeNotFoundError)) throw err;
      missing = err;
    }
    const why = staleness(live, recorded, timeZone, waiting.now());
    if (why === undefined) {
      if (missing) throw missing;
      return live!;
    }
    const left = started + READ_WAIT_MS - waiting.now();
    if (left <= 0) {
      throw new UptimeResourceError(
        who,
        `${what}: ${why}, and still did after ${tries} reads over ${Math.round((waiting.now() - started) / 1000)} s: ` +
          "the service's reads lag its writes by more than the provider waits for " +
          `(${READ_WAIT_MS / 1000} s, see docs/consistency.md). Nothing was recorded from that read; run the command again in a moment.`,
        {},
        missing,
      );
    }
    await waiting.sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
    read = again;
  }
}

/**
 * An update's answer: the service's to writing `body` to record `id`, or, when `body` is
 * empty (nothing changed), a read of it that is not older than `recorded` (see
 * {@link readNotOlder}; `kind` and `id` name it in its error).
 */
export async function writeOrReadBack<T extends LiveDates, B extends object>(
  who: string,
  kind: "monitor" | "incident",
  id: number,
  recorded: Recorded,
  timeZone: string,
  records: { get(id: number): Promise<T>; update(id: number, body: B): Promise<T> },
  body: B,
): Promise<T> {
  return Object.keys(body).length
    ? records.update(id, body)
    : readNotOlder(who, `${kind} ${id}`, recorded, timeZone, () => records.get(id));
}

/**
 * Looks a record up with `find` (a list search) until it finds one or {@link READ_WAIT_MS}
 * has passed, pausing between lookups as {@link readNotOlder} does. For a record the
 * service says exists (a store refused because the name is taken by it) that a lagging
 * list may not show yet. Resolves with undefined when it never showed.
 */
export async function findWithin<T>(find: () => Promise<T | undefined>): Promise<T | undefined> {
  const started = waiting.now();
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    const left = started + READ_WAIT_MS - waiting.now();
    if (left <= 0) return undefined;
    await waiting.sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}
