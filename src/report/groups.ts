/**
 * Group roll-ups: monitors named `<env>/<service>/<key>` (a ServiceMonitors component's
 * monitors) roll up per `<env>/<service>/`, their downtime and measured periods summed, so
 * a service's availability weighs each monitor by the time it was measured.
 */
import { figuresOfSums, type Budget, type MonitorFigures, type Sums } from "./figures";

/** A group's figures, as `--json` gives them. */
export interface GroupFigures {
  /** The prefix, e.g. `prod/shop/`. */
  group: string;
  monitors: number;
  availability: number;
  downtimeSeconds: number;
  incidents: number;
  ongoing: boolean;
  periodSeconds: number;
  budget?: Budget;
}

/** The `<env>/<service>/` prefix of a ServiceMonitors monitor's name; undefined for other names. */
export function groupOf(name: string): string | undefined {
  return /^([^/]+\/[^/]+\/)[^/]+/.exec(name)?.[1];
}

type Row = { figures: MonitorFigures; sums: Sums };

const add = (a: { downMs: number; spanMs: number }, b: { downMs: number; spanMs: number }) => ({
  downMs: a.downMs + b.downMs,
  spanMs: a.spanMs + b.spanMs,
});

/** The groups of `rows`, by prefix in name order; monitors without one belong to none. */
export function rollUp(rows: readonly Row[], slo: number | undefined): GroupFigures[] {
  const groups = new Map<string, { rows: Row[]; sums: Sums }>();
  for (const row of rows) {
    const name = groupOf(row.figures.name);
    if (name === undefined) continue;
    const g = groups.get(name);
    if (!g) {
      groups.set(name, { rows: [row], sums: row.sums });
      continue;
    }
    g.rows.push(row);
    g.sums = {
      downtimeMs: g.sums.downtimeMs + row.sums.downtimeMs,
      periodMs: g.sums.periodMs + row.sums.periodMs,
      last1h: add(g.sums.last1h, row.sums.last1h),
      last6h: add(g.sums.last6h, row.sums.last6h),
    };
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, g]) => {
      const { budget, ...whole } = figuresOfSums(g.sums, slo);
      return {
        group,
        monitors: g.rows.length,
        availability: whole.availability,
        downtimeSeconds: whole.downtimeSeconds,
        incidents: g.rows.reduce((n, r) => n + r.figures.incidents, 0),
        ongoing: g.rows.some((r) => r.figures.ongoing),
        periodSeconds: whole.periodSeconds,
        ...(budget ? { budget } : {}),
      };
    });
}
