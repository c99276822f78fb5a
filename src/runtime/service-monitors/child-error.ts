/** Why a `ServiceMonitors` child fails the monitor's own check: the child and each field. */
import { UptimeResourceError } from "../user-errors";

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
