/**
 * What `maintenance end` does to one monitor, from the record and the monitor's window now.
 * - It still holds the window start opened: it gets back its window from before start (a
 *   window scheduled for later is restored; none is cleared), except a window in progress at
 *   start that another `maintenance start` opened (it carries the mark, window.ts): that run's
 *   own `end` ends it, so giving it back would silence the monitor until that window is over,
 *   after both runs ended; the monitor gets no window instead. Once that window is over and
 *   there was none before (or the one before is over too), nothing is written: an expired
 *   window silences nothing, so `end` after expiry changes nothing.
 * - It holds its window from before: start never changed it, or an earlier `end` restored
 *   it; nothing to do (so a second `end` changes nothing).
 * - Anything else: someone changed the window since start; it is left alone and reported.
 */
import { localDateTimeToEpoch } from "../util/time";
import type { RecordedMonitor } from "./record-file";
import type { WallWindow } from "./window";

/** The decision for one monitor (`notGivenBack`: the window before, another start's, cleared instead). */
export type EndDecision =
  | { kind: "restore"; to: WallWindow | null; notGivenBack?: WallWindow }
  | { kind: "as-before" }
  | { kind: "expired" }
  | { kind: "changed"; now: WallWindow | null }
  | { kind: "gone" };

/** A window from the service (either end may be missing): null unless both are set. */
export function windowOf(start: string | null | undefined, end: string | null | undefined): WallWindow | null {
  return start && end ? { start, end } : null;
}

function sameWindow(a: WallWindow | null, b: WallWindow | null, zone: string): boolean {
  if (!a || !b) return a === b;
  const at = (w: string) => localDateTimeToEpoch(w.slice(0, 19), zone);
  return at(a.start) === at(b.start) && at(a.end) === at(b.end);
}

function over(w: WallWindow | null, zone: string, nowMs: number): boolean {
  return !w || localDateTimeToEpoch(w.end.slice(0, 19), zone) <= nowMs;
}

/**
 * The decision for a monitor whose window is `current` now (undefined: the monitor is
 * gone), given the window start opened and what the record holds of the monitor (its
 * window before, and whether another start had that one in progress); wall times in `zone`.
 */
export function decideEnd(
  current: WallWindow | null | undefined,
  opened: WallWindow,
  recorded: Pick<RecordedMonitor, "before" | "beforeInProgress">,
  zone: string,
  nowMs: number,
): EndDecision {
  const before = recorded.before;
  if (current === undefined) return { kind: "gone" };
  if (sameWindow(current, opened, zone)) {
    const notGivenBack = recorded.beforeInProgress === "maintenance-start" ? before : null;
    const to = notGivenBack ? null : before;
    if (over(opened, zone, nowMs) && over(to, zone, nowMs)) return { kind: "expired" };
    return notGivenBack ? { kind: "restore", to, notGivenBack } : { kind: "restore", to };
  }
  if (sameWindow(current, before, zone)) return { kind: "as-before" };
  return { kind: "changed", now: current };
}
