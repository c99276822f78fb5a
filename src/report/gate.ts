/**
 * The deploy gate: `--fail-under-budget PCT` fails when a monitor (or, with groups, a group)
 * has less than PCT percent of its budget left; `--fail-on-burn-rate N` when a 1 h burn rate
 * is N or more. Both need an SLO. What failed is named, so that a pipeline's log says why.
 */
import type { MonitorFigures } from "./figures";
import type { GroupFigures } from "./groups";

/** The gate's thresholds; unset ones do not fail. */
export interface Gate {
  failUnderBudget?: number;
  failOnBurnRate?: number;
}

/** Why the gate fails, one line per monitor or group; empty when it passes. */
export function gateFailures(
  gate: Gate,
  monitors: readonly MonitorFigures[],
  groups: readonly GroupFigures[],
): string[] {
  const out: string[] = [];
  const judge = (what: string, budget: MonitorFigures["budget"]) => {
    if (!budget) return;
    if (gate.failUnderBudget !== undefined && budget.remainingPercent < gate.failUnderBudget)
      out.push(`${what}: ${budget.remainingPercent}% of its error budget left, under ${gate.failUnderBudget}%`);
    if (gate.failOnBurnRate !== undefined && budget.burnRate1h >= gate.failOnBurnRate)
      out.push(`${what}: burn rate over the last hour ${budget.burnRate1h}, at least ${gate.failOnBurnRate}`);
  };
  for (const m of monitors) judge(`${m.name} (id ${m.id})`, m.budget);
  for (const g of groups) judge(`group ${g.group}`, g.budget);
  return out;
}
