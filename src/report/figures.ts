/**
 * A monitor's figures over a period, from its incidents: availability, downtime, counts,
 * the longest outage, mean times to acknowledge and to resolve, and with an SLO the error
 * budget and its burn rates. Engine-neutral: times in, numbers out.
 */
import type { Period } from "./period";

/** An incident's times, epoch milliseconds; `endMs` undefined while it is open. */
export interface IncidentTimes {
  startMs: number;
  ackMs?: number;
  endMs?: number;
}

/** A monitor as the report needs it. */
export interface ReportedMonitor {
  id: number;
  name: string;
  /** When the service created it, epoch milliseconds; undefined when the service did not say. */
  createdMs?: number;
}

/** The budget of an SLO over the measured period. */
export interface Budget {
  allowedSeconds: number;
  /** Negative once the budget is spent and more. */
  remainingSeconds: number;
  remainingPercent: number;
  /** Downtime in the last hour as a multiple of the rate the SLO allows. */
  burnRate1h: number;
  burnRate6h: number;
}

/** The figures `--json` gives for a monitor (and the function returns). */
export interface MonitorFigures {
  id: number;
  name: string;
  /** Percent of the measured period without an open incident. */
  availability: number;
  downtimeSeconds: number;
  /** Incidents that overlap the measured period. */
  incidents: number;
  /** Whether an incident was open at the period's end. */
  ongoing: boolean;
  /** The longest outage inside the period (overlapping incidents merged), seconds. */
  longestSeconds: number;
  /** Mean time from start to acknowledgement, of the acknowledged incidents; null when none. */
  mttaSeconds: number | null;
  /** Mean time from start to end, of the incidents that ended; null when none. */
  mttrSeconds: number | null;
  /** The later of the period's start and the monitor's creation, ISO-8601 UTC. */
  measuredFrom: string;
  periodSeconds: number;
  budget?: Budget;
}

/** What a group roll-up sums: the seconds behind the figures, kept beside them. */
export interface Sums {
  downtimeMs: number;
  periodMs: number;
  /** Downtime and measured time in the last hour and the last six hours. */
  last1h: { downMs: number; spanMs: number };
  last6h: { downMs: number; spanMs: number };
}

const HOUR_MS = 3_600_000;

/** Rounds to `places` decimals (figures are for reading and comparing, not for summing again). */
function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}

/** `spans` clipped to [from, until), merged where they overlap or touch, in order. */
function mergedWithin(spans: readonly [number, number][], from: number, until: number): [number, number][] {
  const clipped = spans
    .map(([s, e]): [number, number] => [Math.max(s, from), Math.min(e, until)])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of clipped) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const total = (spans: readonly [number, number][]) => spans.reduce((sum, [s, e]) => sum + (e - s), 0);

const mean = (values: number[]) =>
  values.length ? round(values.reduce((a, b) => a + b, 0) / values.length / 1000, 0) : null;

/** The availability of `downMs` out of `periodMs`, percent; 100 for an empty period. */
function availabilityOf(downMs: number, periodMs: number): number {
  return periodMs > 0 ? round(100 * (1 - downMs / periodMs), 4) : 100;
}

/** The budget of `slo` (percent) for what `sums` holds. */
function budgetOf(sums: Sums, slo: number): Budget {
  const allowedShare = 1 - slo / 100;
  const allowedMs = sums.periodMs * allowedShare;
  const burn = (w: { downMs: number; spanMs: number }) =>
    w.spanMs > 0 ? round(w.downMs / w.spanMs / allowedShare, 2) : 0;
  return {
    allowedSeconds: round(allowedMs / 1000, 0),
    remainingSeconds: round((allowedMs - sums.downtimeMs) / 1000, 0),
    remainingPercent: allowedMs > 0 ? round((100 * (allowedMs - sums.downtimeMs)) / allowedMs, 2) : 100,
    burnRate1h: burn(sums.last1h),
    burnRate6h: burn(sums.last6h),
  };
}

/** Availability, downtime and (with `slo`) the budget for a whole of `sums`. */
export function figuresOfSums(sums: Sums, slo: number | undefined) {
  return {
    availability: availabilityOf(sums.downtimeMs, sums.periodMs),
    downtimeSeconds: round(sums.downtimeMs / 1000, 0),
    periodSeconds: round(sums.periodMs / 1000, 0),
    ...(slo === undefined ? {} : { budget: budgetOf(sums, slo) }),
  };
}

/**
 * The figures of `monitor` over `period` from `incidents` (any order; those outside the
 * period are ignored). The measured period starts at the later of the period's start and
 * the monitor's creation; an incident not yet ended counts up to the period's end.
 */
export function monitorFigures(
  monitor: ReportedMonitor,
  incidents: readonly IncidentTimes[],
  period: Period,
  slo?: number,
): { figures: MonitorFigures; sums: Sums } {
  const { untilMs } = period;
  const fromMs = Math.min(untilMs, Math.max(period.fromMs, monitor.createdMs ?? period.fromMs));
  const inPeriod = incidents.filter((i) => i.startMs < untilMs && (i.endMs === undefined || i.endMs > fromMs));
  const spans = inPeriod.map((i): [number, number] => [i.startMs, i.endMs ?? untilMs]);
  const down = mergedWithin(spans, fromMs, untilMs);
  const lastWindow = (ms: number) => {
    const start = Math.max(fromMs, untilMs - ms);
    return { downMs: total(mergedWithin(spans, start, untilMs)), spanMs: untilMs - start };
  };
  const sums: Sums = {
    downtimeMs: total(down),
    periodMs: untilMs - fromMs,
    last1h: lastWindow(HOUR_MS),
    last6h: lastWindow(6 * HOUR_MS),
  };
  const acked = inPeriod.filter((i) => i.ackMs !== undefined).map((i) => i.ackMs! - i.startMs);
  const ended = inPeriod.filter((i) => i.endMs !== undefined).map((i) => i.endMs! - i.startMs);
  const { budget, ...whole } = figuresOfSums(sums, slo);
  return {
    figures: {
      id: monitor.id,
      name: monitor.name,
      availability: whole.availability,
      downtimeSeconds: whole.downtimeSeconds,
      incidents: inPeriod.length,
      ongoing: inPeriod.some((i) => i.endMs === undefined || i.endMs > untilMs),
      longestSeconds: round(Math.max(0, ...down.map(([s, e]) => e - s)) / 1000, 0),
      mttaSeconds: mean(acked),
      mttrSeconds: mean(ended),
      measuredFrom: new Date(fromMs).toISOString(),
      periodSeconds: whole.periodSeconds,
      ...(budget ? { budget } : {}),
    },
    sums,
  };
}
