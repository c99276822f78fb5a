/**
 * The period a report covers: `--window 30d` ending now, or `--from`/`--until` read as
 * `maintenance` reads times (wall time in the account's zone, or an instant with `Z` or an
 * offset). Times are whole seconds: the service stores no finer ones.
 */
import { existsInZone, formatLocalDateTime, localDateTimeToEpoch, readTimeText } from "../util/time";
import { parseDuration } from "../util/duration";

/** What the period is given by; how a message names one (`--window` on the command line). */
type Setting = keyof PeriodRequest;
type Label = (setting: Setting) => string;
const flag: Label = (setting) => `--${setting}`;

/** A period the report cannot cover: a usage error, exit 2, before any request. */
export class PeriodError extends Error {
  constructor(
    message: string,
    /** The setting at fault; none when only the settings together are (an empty period). */
    readonly setting?: Setting,
  ) {
    super(message);
  }
}

/** What the command line or the function's arguments say about the period. */
export interface PeriodRequest {
  /** `30d`, `12h`, `1d12h`: the length of a period that ends at `until` (default now). */
  window?: string;
  /** Start: `2026-03-02T18:30` (account zone) or `2026-03-02T17:30:00Z`. */
  from?: string;
  /** End, as `from`; default now. */
  until?: string;
}

/** The period in epoch milliseconds (whole seconds), `fromMs < untilMs`. */
export interface Period {
  fromMs: number;
  untilMs: number;
}

/** The default window: 30 days. */
export const DEFAULT_WINDOW = "30d";

/** `30d`, `12h`, `1d12h`, `90m`: milliseconds, or undefined (days on top of what `parseDuration` reads). */
function windowLength(text: string): number | undefined {
  const m = /^(?:(\d+)d)?(.*)$/.exec(text);
  if (!m || text === "") return undefined;
  const rest = m[2] === "" ? 0 : parseDuration(m[2]);
  return rest === undefined ? undefined : Number(m[1] ?? 0) * 86_400_000 + rest;
}

function instant(setting: "from" | "until", text: string, zone: string, label: Label): number {
  const read = readTimeText(text);
  if (!read) {
    throw new PeriodError(
      `${label(setting)} takes a time such as 2026-03-02T18:30 (in the account's time zone, ${zone}) or 2026-03-02T17:30:00Z; ` +
        `got ${JSON.stringify(text)}`,
      setting,
    );
  }
  if ("ms" in read) return read.ms;
  if (!existsInZone(read.wall, zone)) {
    throw new PeriodError(
      `${label(setting)} ${JSON.stringify(text)}: ${read.wall} does not happen in ${zone} (the clocks skip it for daylight saving)`,
      setting,
    );
  }
  return localDateTimeToEpoch(read.wall, zone);
}

/**
 * The period `request` names, at `nowMs`, in `zone`; a PeriodError for one that cannot be,
 * naming each setting by `label` (the command line's `--window` by default).
 */
export function planPeriod(request: PeriodRequest, zone: string, nowMs: number, label: Label = flag): Period {
  const now = Math.floor(nowMs / 1000) * 1000;
  if (request.window !== undefined && request.from !== undefined)
    throw new PeriodError(`give either ${label("window")} or ${label("from")}, not both`, "window");
  const untilMs = request.until === undefined ? now : instant("until", request.until, zone, label);
  if (untilMs > now)
    throw new PeriodError(
      `${label("until")} ${JSON.stringify(request.until)} is in the future (now ${formatLocalDateTime(now, zone)} in ${zone}); ` +
        "a report covers what has happened",
      "until",
    );
  let fromMs: number;
  if (request.from !== undefined) {
    fromMs = instant("from", request.from, zone, label);
  } else {
    const text = request.window ?? DEFAULT_WINDOW;
    const length = windowLength(text);
    if (length === undefined || length < 1000)
      throw new PeriodError(
        `${label("window")} takes a length such as 30d, 7d or 12h; got ${JSON.stringify(text)}`,
        "window",
      );
    fromMs = untilMs - length;
  }
  if (fromMs >= untilMs)
    throw new PeriodError(
      `the period is empty: it starts at ${formatLocalDateTime(fromMs, zone)} and ends at ` +
        `${formatLocalDateTime(untilMs, zone)} (${zone})`,
    );
  return { fromMs, untilMs };
}
