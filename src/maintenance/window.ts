/**
 * The window `maintenance start` opens: from now until `--for` later or `--until` a time,
 * written as the service reads windows, wall time `Y-m-dTH:i:s` in the account's zone.
 *
 * Daylight saving: the service reads a wall time that happens twice (clocks turned back)
 * as the earlier instant, so an end that falls in the repeated hour's second pass would end
 * the window up to an hour early; such an end moves forward to the first wall time after the
 * repeated hour. A start read early only silences sooner. A wall time given to `--until`
 * that never happens (inside the gap when clocks skip forward) is refused, naming the gap.
 *
 * The mark: the service stores a window as its two times and nothing else, so a window
 * `start` writes carries its mark in them: it starts at second 37 of a minute (the last such
 * second up to now, at most 59 s back; a start in the past silences nothing more). Another
 * run, with another record, can tell it from a window a person or a program wrote (those
 * start on the minute), whatever zone it reads it in. See docs/maintenance.md.
 */
import { existsInZone, formatLocalDateTime, localDateTimeToEpoch, readTimeText, zoneOffsetMs } from "../util/time";
import { formatDuration, parseDuration } from "../util/duration";

/** The longest window without `--allow-long`. */
const MAX_WINDOW_MS = 24 * 3_600_000;

/**
 * The latest end the service stores: it reads wall times with four-digit years. A later end
 * would be refused for every monitor, so it is refused here, before any request.
 */
const LATEST_END = "9999-12-31T23:59:59";

/** A window as the service stores it: wall times in the account's zone. */
export interface WallWindow {
  start: string;
  end: string;
}

/** The second of the minute a window `maintenance start` writes starts at: its mark. */
const MARK_SECOND = 37;

/** Whether `window` carries the mark of a window `maintenance start` wrote. */
export function openedByStart(window: WallWindow): boolean {
  return Number(window.start.slice(17, 19)) === MARK_SECOND;
}

/** Whether `window` (wall times in `zone`) silences the monitor at `nowMs`. */
export function inProgress(window: WallWindow, zone: string, nowMs: number): boolean {
  const at = (wall: string) => localDateTimeToEpoch(wall.slice(0, 19), zone);
  return at(window.start) <= nowMs && nowMs < at(window.end);
}

/** The marked start of a window opened at `nowMs`: the last wall time at the mark's second, no later than now. */
function markedStart(nowMs: number, zone: string): string {
  const second = Math.floor(nowMs / 1000) * 1000;
  const back = (Number(formatLocalDateTime(second, zone).slice(17, 19)) - MARK_SECOND + 60) % 60;
  return formatLocalDateTime(second - back * 1000, zone);
}

/** A duration or end the command cannot use: a usage error, exit 2. */
export class WindowError extends Error {}

/** What says how long the window lasts. */
export interface WindowRequest {
  /** `--for`: a duration such as `15m`, `1h30m`. */
  for?: string;
  /** `--until`: `Y-m-dTH:i[:s]` in the account's zone, an instant with `Z` or an offset, or `H:i` (next). */
  until?: string;
  /** `--allow-long`: more than 24 hours is allowed. */
  allowLong?: boolean;
}

/**
 * The wall time of `ms` in `zone`, at a time the service reads back as no earlier than `ms`.
 */
function wallTimeNotBefore(ms: number, zone: string): string {
  let t = Math.ceil(ms / 1000) * 1000;
  // A repeated hour lasts at most an hour (two in a few historical zones): minutes suffice.
  for (let i = 0; i < 24 * 60; i++) {
    const wall = formatLocalDateTime(t, zone);
    if (localDateTimeToEpoch(wall, zone) >= t) return wall;
    t = (Math.floor(t / 60_000) + 1) * 60_000;
  }
  return formatLocalDateTime(t, zone);
}

/**
 * The instant `--until` names, read in `zone`.
 */
function untilInstant(text: string, zone: string, nowMs: number): number {
  const hm = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (hm) {
    const [h, m, s] = [Number(hm[1]), Number(hm[2]), Number(hm[3] ?? 0)];
    if (h > 23 || m > 59 || s > 59) throw new WindowError(`--until ${JSON.stringify(text)} is not a time of day`);
    const today = formatLocalDateTime(nowMs, zone).slice(0, 10);
    const time = `${String(h).padStart(2, "0")}:${hm[2]}:${String(s).padStart(2, "0")}`;
    const wall = `${today}T${time}`;
    // Today's, unless it is behind us: a skipped one (read as just after the gap) included.
    if (existsInZone(wall, zone) || localDateTimeToEpoch(wall, zone) > nowMs) {
      const first = localUntil(wall, zone, text);
      if (first > nowMs) return first;
    }
    const tomorrow = formatLocalDateTime(localDateTimeToEpoch(`${today}T12:00:00`, zone) + 86_400_000, zone);
    return localUntil(`${tomorrow.slice(0, 10)}T${time}`, zone, text);
  }
  // Seconds are optional, in an instant as in a wall time: `2026-03-02T17:30Z`.
  const read = readTimeText(text);
  if (read && "ms" in read) return read.ms;
  if (read) return localUntil(read.wall, zone, text);
  throw new WindowError(
    `--until takes a time such as 2026-03-02T18:30 (in the account's time zone, ${zone}), ` +
      `2026-03-02T17:30:00Z, or 18:30 (the next one); got ${JSON.stringify(text)}`,
  );
}

function localUntil(wall: string, zone: string, given: string): number {
  if (!existsInZone(wall, zone)) {
    throw new WindowError(
      `--until ${JSON.stringify(given)}: ${wall} does not happen in ${zone} (the clocks skip it for daylight saving); ` +
        "give a time after the change",
    );
  }
  // A wall time that happens twice: the later pass, so that the window is never short.
  // The clocks go back by the fall in the offset (an hour, or half an hour on Lord Howe Island).
  const earlier = localDateTimeToEpoch(wall, zone);
  const back = zoneOffsetMs(earlier, zone) - zoneOffsetMs(earlier + 3 * 3_600_000, zone);
  const later = earlier + back;
  return back > 0 && formatLocalDateTime(later, zone) === wall ? later : earlier;
}

/** The window from `nowMs` as `request` asks, in `zone`; a WindowError for what cannot be. */
export function planWindow(request: WindowRequest, zone: string, nowMs: number): WallWindow & { endMs: number } {
  if (request.for !== undefined && request.until !== undefined)
    throw new WindowError("give either --for or --until, not both");
  let endMs: number;
  if (request.for !== undefined) {
    const ms = parseDuration(request.for);
    if (ms === undefined || ms <= 0)
      throw new WindowError(`--for takes a duration such as 15m, 1h30m or 2h; got ${JSON.stringify(request.for)}`);
    endMs = nowMs + ms;
  } else if (request.until !== undefined) {
    endMs = untilInstant(request.until, zone, nowMs);
    if (endMs <= nowMs)
      throw new WindowError(
        `--until ${JSON.stringify(request.until)} is not in the future (now ${formatLocalDateTime(nowMs, zone)} in ${zone})`,
      );
  } else {
    throw new WindowError("say how long: --for DURATION (e.g. 30m) or --until TIME; a window always has an end");
  }
  if (endMs - nowMs > MAX_WINDOW_MS && !request.allowLong) {
    throw new WindowError(
      `the window would last ${formatDuration(endMs - nowMs)}, more than 24h; pass --allow-long if that is meant`,
    );
  }
  // Read with the zone's offset a day before: reading it converts the day after, year 10000,
  // which the time functions cannot write; no zone changes its clocks on the year's last days.
  const latestMs = Date.UTC(9999, 11, 31, 23, 59, 59) - zoneOffsetMs(Date.UTC(9999, 11, 30), zone);
  // `!(<=)`: a duration too long for a number of milliseconds is no later than nothing.
  if (!(endMs <= latestMs)) {
    const flag =
      request.for !== undefined ? `--for ${JSON.stringify(request.for)}` : `--until ${JSON.stringify(request.until)}`;
    const range =
      request.for !== undefined
        ? `--for takes up to 24h, or with --allow-long up to ${formatDuration(latestMs - nowMs)} from now`
        : `--until takes a time up to ${LATEST_END} in ${zone}`;
    throw new WindowError(
      `${flag}: the window would end after ${LATEST_END} in ${zone}, the latest end the service stores; ${range}`,
    );
  }
  // The start: marked, at most 59 s before now. Read back, a wall time the clocks repeat is
  // its earlier pass, so the service never reads it as later than now.
  return { start: markedStart(nowMs, zone), end: wallTimeNotBefore(endMs, zone), endMs };
}
