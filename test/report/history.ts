/** A known history for the report's unit tests: January 2026 (30 days), two monitors of one service and one other. */
import type { IncidentTimes, MonitorFigures, ReportedMonitor } from "../../src/report/figures";
import type { Period } from "../../src/report/period";

const at = (iso: string) => Date.parse(iso);

export const PERIOD: Period = { fromMs: at("2026-01-01T00:00:00Z"), untilMs: at("2026-01-31T00:00:00Z") };

/** Created before the period: an incident across its start, one acknowledged, one still open. */
export const OLD: ReportedMonitor = { id: 1, name: "prod/shop/api", createdMs: at("2025-06-01T00:00:00Z") };
/** Created inside the period, with two incidents that overlap. */
export const NEW: ReportedMonitor = { id: 2, name: "prod/shop/web", createdMs: at("2026-01-16T00:00:00Z") };
/** Not a ServiceMonitors name: in no group. */
export const PLAIN: ReportedMonitor = { id: 3, name: "blog", createdMs: at("2025-01-01T00:00:00Z") };

export const INCIDENTS = new Map<number, IncidentTimes[]>([
  [
    OLD.id,
    [
      // Before the period: ignored.
      { startMs: at("2025-12-01T00:00:00Z"), endMs: at("2025-12-01T05:00:00Z") },
      // Across the start: 1 h inside of 2 h.
      { startMs: at("2025-12-31T23:00:00Z"), endMs: at("2026-01-01T01:00:00Z") },
      // Acknowledged after 5 min, ended after 30.
      {
        startMs: at("2026-01-10T10:00:00Z"),
        ackMs: at("2026-01-10T10:05:00Z"),
        endMs: at("2026-01-10T10:30:00Z"),
      },
      // Still open: counts up to the period's end, 30 min.
      { startMs: at("2026-01-30T23:30:00Z") },
    ],
  ],
  [
    NEW.id,
    [
      { startMs: at("2026-01-20T00:00:00Z"), endMs: at("2026-01-20T01:00:00Z") },
      { startMs: at("2026-01-20T00:30:00Z"), endMs: at("2026-01-20T02:00:00Z") },
      // After the period: ignored.
      { startMs: at("2026-01-31T00:00:00Z"), endMs: at("2026-01-31T01:00:00Z") },
    ],
  ],
  [PLAIN.id, []],
]);

/** What {@link OLD}'s history gives over {@link PERIOD} with a 99.9% SLO, worked out by hand. */
export const OLD_FIGURES: MonitorFigures = {
  id: 1,
  name: "prod/shop/api",
  // 1 h + 30 min + 30 min down of 30 days.
  availability: 99.7222,
  downtimeSeconds: 7200,
  incidents: 3,
  ongoing: true,
  longestSeconds: 3600,
  mttaSeconds: 300,
  // The ended ones, whole: 2 h and 30 min.
  mttrSeconds: 4500,
  measuredFrom: "2026-01-01T00:00:00.000Z",
  periodSeconds: 2_592_000,
  budget: {
    allowedSeconds: 2592,
    remainingSeconds: -4608,
    remainingPercent: -177.78,
    // Half of the last hour down, at a rate 1000 times what 99.9% allows.
    burnRate1h: 500,
    burnRate6h: 83.33,
  },
};
