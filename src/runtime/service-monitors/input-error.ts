/** Why a `ServiceMonitors` cannot be planned: its name and every field at fault. */
import { UptimeResourceError } from "../user-errors";

/** One field at fault: its input path (`checks.api.path`) and what is wrong. */
export interface InputProblem {
  field: string;
  message: string;
}

/**
 * Bad inputs of a `ServiceMonitors`, found before any monitor is registered or any
 * request sent. The message names the component and each field; it never repeats a value
 * of a secret field (the schema's messages say what is allowed, not what was given).
 */
export class ServiceMonitorsInputError extends UptimeResourceError {
  override name = "ServiceMonitorsInputError";
  /** The component's resource name. */
  readonly component: string;
  readonly problems: InputProblem[];

  constructor(component: string, problems: InputProblem[]) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) (fields[p.field] ??= []).push(p.message);
    const list = problems.map((p) => `${p.field || "inputs"}: ${p.message}`).join("; ");
    super(`ServiceMonitors "${component}"`, list, fields);
    this.component = component;
    this.problems = problems;
  }
}

/** One failure of a child monitor's own check: the monitor field and why. */
export interface ChildFailure {
  property: string;
  reason: string;
}

/**
 * A child monitor whose arguments the component planned but the monitor's own check
 * refuses (a rule only the monitor knows, or the provider's `defaults`). Found in Construct
 * before the child is registered: once the engine fails a child, the component's call is
 * torn down and its error would say only that the connection is closing.
 */
export class ServiceMonitorsChildError extends UptimeResourceError {
  override name = "ServiceMonitorsChildError";
  readonly component: string;
  /** The check's key. */
  readonly check: string;
  /** The child's resource name. */
  readonly child: string;

  constructor(component: string, check: string, child: string, failures: ChildFailure[]) {
    const fields: Record<string, string[]> = {};
    for (const f of failures) (fields[f.property] ??= []).push(f.reason);
    const list = failures.map((f) => `field "${f.property}": ${f.reason}`).join("; ");
    super(`ServiceMonitors "${component}"`, `check "${check}" (monitor "${child}"): ${list}`, fields);
    this.component = component;
    this.check = check;
    this.child = child;
  }
}
