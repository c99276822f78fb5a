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
