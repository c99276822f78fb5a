/**
 * A report: the figures of each monitor read, the group roll-ups, and the period, in the
 * shape `--json` prints (camelCase) and `getMonitorReport` returns for one monitor.
 */
import type { Monitor } from "../schemas";
import { localDateTimeToEpoch } from "../util/time";
import { monitorFigures, type IncidentTimes, type MonitorFigures, type ReportedMonitor } from "./figures";
import { rollUp, type GroupFigures } from "./groups";
import type { Period } from "./period";

/** What `--json` prints. */
export interface Report {
  /** ISO-8601 UTC. */
  from: string;
  until: string;
  slo: number | null;
  monitors: MonitorFigures[];
  groups: GroupFigures[];
}

/** A monitor of the client (dates in `zone`) as the report needs it. */
export function reportedMonitor(m: Pick<Monitor, "id" | "name" | "created_at">, zone: string): ReportedMonitor {
  return {
    id: m.id,
    name: m.name,
    createdMs: m.created_at ? localDateTimeToEpoch(m.created_at, zone) : undefined,
  };
}

/** The report of `monitors` over `period` from the incidents read; groups unless `groups` is false. */
export function availabilityReport(
  monitors: readonly ReportedMonitor[],
  incidents: ReadonlyMap<number, readonly IncidentTimes[]>,
  period: Period,
  options: { slo?: number; groups: boolean },
): Report {
  const rows = [...monitors]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((m) => monitorFigures(m, incidents.get(m.id) ?? [], period, options.slo));
  return {
    from: new Date(period.fromMs).toISOString(),
    until: new Date(period.untilMs).toISOString(),
    slo: options.slo ?? null,
    monitors: rows.map((r) => r.figures),
    groups: options.groups ? rollUp(rows, options.slo) : [],
  };
}
