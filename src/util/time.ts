/**
 * Date handling between the contract's input pattern `Y-m-dTH:i:s` (wall time in the
 * account's time zone) and what instances send back (ISO-8601 UTC, with or without
 * fractions and `Z`). Comparing the two as strings would show a change forever.
 */

/** The contract's input date pattern `Y-m-dTH:i:s`. */
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const SERVICE_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True when `value` is a text matching `Y-m-dTH:i:s` that names a real calendar time. */
export function isLocalDateTime(value: unknown): value is string {
  if (typeof value !== "string" || !DATE_TIME_PATTERN.test(value)) return false;
  const [y, mo, d, h, mi, s] = value.split(/[-T:]/).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/**
 * Parses a date as an instance may send it: `2024-05-01T10:00:00.000000Z`,
 * `2024-05-01T10:00:00Z`, `2024-05-01T10:00:00+02:00` or `2024-05-01 10:00:00`.
 * A value without a zone is UTC, as Laravel stores it. Returns epoch milliseconds.
 */
export function parseServiceDate(value: string): number | undefined {
  const m = SERVICE_DATE.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, zone] = m;
  let ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Number.isNaN(ms) ? undefined : ms;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  // Every runtime knows UTC: no formatter to build (about 10 ms of ICU set-up at a command's start).
  if (timeZone === "UTC") return true;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Formats epoch milliseconds as `Y-m-dTH:i:s` wall time in `timeZone`. */
export function formatLocalDateTime(ms: number, timeZone = "UTC"): string {
  // UTC needs no zone database: ISO text is the same wall time, far cheaper than Intl.
  if (timeZone === "UTC") return new Date(ms).toISOString().slice(0, 19);
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (UTC+01:00 is 3,600,000). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  return parseServiceDate(formatLocalDateTime(ms, timeZone))! - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * Converts `Y-m-dTH:i:s` wall time in `timeZone` to epoch milliseconds, resolving what a
 * daylight-saving change makes odd as PHP (the service) does: a time that happens twice
 * (clocks turned back) is the earlier instant; a time that never happens (inside the gap
 * when clocks skip forward) is read with the offset before the change, which lands after
 * the gap (02:30 in a 02:00→03:00 gap is 03:30). See {@link existsInZone}.
 */
export function localDateTimeToEpoch(value: string, timeZone = "UTC"): number {
  const [y, mo, d, h, mi, s] = value.split(/[-T:]/).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (timeZone === "UTC") return asUtc;
  // Offsets a day either side bracket any single change near this wall time.
  const before = asUtc - zoneOffsetMs(asUtc - DAY_MS, timeZone);
  const after = asUtc - zoneOffsetMs(asUtc + DAY_MS, timeZone);
  const fits = (t: number) => formatLocalDateTime(t, timeZone) === value.slice(0, 19);
  if (fits(before) && fits(after)) return Math.min(before, after);
  if (fits(after)) return after;
  return before;
}

/**
 * True when the wall time `value` happens in `timeZone`: false inside a daylight-saving
 * gap (e.g. 2026-03-08T02:30:00 in America/New_York), where the service would store
 * another time than was written.
 */
export function existsInZone(value: string, timeZone: string): boolean {
  return formatLocalDateTime(localDateTimeToEpoch(value, timeZone), timeZone) === value;
}

/** `+01:00`, `-04:00`, `+05:30` for an offset in milliseconds. */
export function formatOffset(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? "-" : "+"}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Turns a date from a response into the input pattern in the account's zone, so that
 * it compares equal to what the user declared. Unparseable text is returned as is.
 */
export function toLocalDateTime(value: string | null | undefined, timeZone = "UTC"): string | null {
  if (value === null || value === undefined || value === "") return null;
  const ms = parseServiceDate(value);
  return ms === undefined ? value : formatLocalDateTime(ms, timeZone);
}

/** Formats epoch milliseconds the way the service sends dates: `2024-05-01T10:00:00.000000Z`. */
export function formatServiceDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

/**
 * A time as commands take it on the command line, before any zone is applied: an instant
 * (`2026-03-02T17:30:00Z`, `2026-03-02T17:30+01:00`; seconds optional) or a wall time
 * (`2026-03-02T18:30`, `2026-03-02T18:30:00`) to read in the account's zone. Undefined for
 * anything else.
 */
export function readTimeText(text: string): { ms: number } | { wall: string } | undefined {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = parseServiceDate(text.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?=Z|[+-])/, "$1:00"));
    if (ms !== undefined) return { ms };
  }
  const wall = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
  return isLocalDateTime(wall) ? { wall } : undefined;
}
