/** `check` for monitors: the shared check with the monitor's fields, defaults and rules. */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { monitorCreateSchema } from "../../schemas";
import { failure, runCheck, type CheckSpec } from "../check";
import { isUnknown } from "../unknown";
import { COUPLED_FIELDS, MONITOR_SECRET_FIELDS, MONITOR_API_FIELDS, MONITOR_DEFAULTS, MONITOR_PROVIDER_FIELDS, RESOURCE_NAME_KEY } from "./props";

function providerFields(inputs: Record<string, unknown>): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const key of ["paused", "adopt"] as const) {
    const v = inputs[key];
    if (v !== undefined && !isUnknown(v) && typeof v !== "boolean") out.push(failure(key, `expected true or false; got ${JSON.stringify(v)}`));
  }
  const id = inputs.adoptId;
  if (id !== undefined && !isUnknown(id) && !(typeof id === "number" && Number.isInteger(id) && id > 0)) {
    out.push(failure("adoptId", `expected the id of an existing monitor (a positive whole number); got ${JSON.stringify(id)}`));
  }
  if (inputs.adopt === true && id !== undefined) {
    out.push(failure("adoptId", "set either adopt (by name) or adoptId (by id), not both"));
  }
  return out;
}

/** What the shared check needs to know about monitors. */
export const monitorCheckSpec: CheckSpec = {
  allowed: [...MONITOR_API_FIELDS, ...MONITOR_PROVIDER_FIELDS],
  integers: ["interval", "sslAlertDays", "domainAlertDays", "adoptId", "cacheBuster"],
  booleans: ["paused", "adopt"],
  defaults: MONITOR_DEFAULTS,
  schema: monitorCreateSchema,
  groups: COUPLED_FIELDS,
  extra: providerFields,
  secret: MONITOR_SECRET_FIELDS,
};

/** Validates a monitor's inputs and fills the service's defaults. */
export function checkMonitor(news: Record<string, unknown>): CheckResult {
  const bag = { ...news };
  // `cacheBuster: true` reads naturally in a program; the service wants 0 or 1.
  if (bag.cacheBuster === true) bag.cacheBuster = 1;
  if (bag.cacheBuster === false) bag.cacheBuster = 0;
  return runCheck(monitorCheckSpec, bag, [RESOURCE_NAME_KEY]);
}
