/**
 * Each planned child run through the monitor's own check before any is registered, so
 * that a rule the plan does not know (a URL the path makes invalid, a clash with the
 * provider's `defaults`) fails the component naming the child and the field.
 */
import { ServiceMonitorsChildError, type ChildFailure } from "./child-error";
import type { PlannedMonitor } from "./plan-children";

/** The monitor's check: its failures for these arguments (none when valid). */
export type ChildCheck = (args: Record<string, unknown>) => readonly ChildFailure[] | undefined;

/** What a reason says with every secret value it repeats withheld. */
function withheld(reason: string, secrets: readonly unknown[]): string {
  let out = reason;
  for (const v of secrets) {
    const text = typeof v === "string" ? v : JSON.stringify(v);
    if (text && text.length > 0) out = out.split(text).join("[secret]");
  }
  return out;
}

/**
 * Throws a {@link ServiceMonitorsChildError} for the first child the check refuses.
 * @param isSecret Whether a child's argument comes from a secret input: its value never appears in the message.
 */
export function checkChildren(
  component: string,
  monitors: readonly PlannedMonitor[],
  check: ChildCheck,
  isSecret: (m: PlannedMonitor, field: string) => boolean,
): void {
  for (const m of monitors) {
    const failures = check(m.args) ?? [];
    if (!failures.length) continue;
    const secrets = Object.keys(m.args)
      .filter((f) => isSecret(m, f))
      .map((f) => m.args[f]);
    throw new ServiceMonitorsChildError(
      component,
      m.key,
      m.resourceName,
      // The check's reasons start with the field, which the error names already.
      failures.map((f) => ({
        property: f.property,
        reason: withheld(f.reason.replace(`${f.property}: `, ""), secrets),
      })),
    );
  }
}
