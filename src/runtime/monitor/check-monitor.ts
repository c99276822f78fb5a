/** `check` for monitors: the shared check with the monitor's fields, defaults and rules. */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
// From their own modules, not the index: validating a monitors file loads no more than it needs.
import { monitorCreateSchema } from "../../schemas/monitor";
import { MONITOR_FIELDS } from "../../schemas/resources";
import { failure, runCheck, type CheckSpec } from "../check-properties";
import { isUnknown } from "../unknowns";
import { nonexistentLocalTimes } from "../local-times";
import { resourceLabel } from "../resource-label";
import { monitorClaims } from "./claims";
import { chooseName, type Autonaming } from "./autoname";
import { withMonitorDefaults, type MonitorDefaults } from "./team-defaults";
import {
  COUPLED_FIELDS,
  MONITOR_SECRET_FIELDS,
  MONITOR_API_FIELDS,
  MONITOR_DEFAULTS,
  MONITOR_PROVIDER_FIELDS,
} from "./monitor-props";
import { INTERNAL_KEYS, RESOURCE_NAME_KEY, resourceUrn } from "../keys";

function providerFields(inputs: Record<string, unknown>): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const key of ["paused", "adopt"] as const) {
    const v = inputs[key];
    if (v !== undefined && !isUnknown(v) && typeof v !== "boolean")
      out.push(failure(key, `expected true or false; got ${JSON.stringify(v)}`));
  }
  const id = inputs.adoptId;
  if (id !== undefined && !isUnknown(id) && !(typeof id === "number" && Number.isInteger(id) && id > 0)) {
    out.push(
      failure("adoptId", `expected the id of an existing monitor (a positive whole number); got ${JSON.stringify(id)}`),
    );
  }
  if (inputs.adopt === true && id !== undefined) {
    out.push(failure("adoptId", "set either adopt (by name) or adoptId (by id), not both"));
  }
  return out;
}

// A file of a thousand monitors is checked a thousand times: the field lists are built once.
const MONITOR_CHECK: Omit<CheckSpec, "extra"> = {
  allowed: [...MONITOR_API_FIELDS, ...MONITOR_PROVIDER_FIELDS],
  fields: [...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider],
  defaults: MONITOR_DEFAULTS,
  schema: monitorCreateSchema,
  groups: COUPLED_FIELDS,
  secret: MONITOR_SECRET_FIELDS,
};

/** What the shared check needs to know about monitors, for the account's time zone. */
function monitorCheckSpec(timeZone: string): CheckSpec {
  return {
    ...MONITOR_CHECK,
    extra: (inputs) => [
      ...providerFields(inputs),
      ...nonexistentLocalTimes(inputs, ["maintenanceStartAt", "maintenanceEndAt"], timeZone),
    ],
  };
}

/** What a monitor's `check` knows beyond the new inputs. */
interface MonitorCheckContext {
  /** The old inputs (empty on the first check): a name chosen before is kept. */
  olds?: Record<string, unknown>;
  /** The engine's autonaming request (plugin only). */
  autonaming?: Autonaming;
  /** The provider's `defaults` setting: values for the fields the monitor omits, and the prefix of generated names. */
  defaults?: MonitorDefaults;
}

/**
 * Validates a monitor's inputs (local times in the account's `timeZone`) and fills what
 * they omit from the provider's `defaults` (team-defaults.ts), then from the service's
 * defaults, and a name when none is declared (autoname.ts). With the resource's
 * `urn`, also refuses a name or `adoptId` another resource of this run declared (claims.ts).
 */
export function checkMonitor(
  news: Record<string, unknown>,
  timeZone = "UTC",
  urn = resourceUrn(news),
  context: MonitorCheckContext = {},
): CheckResult {
  const defaults = context.defaults ?? {};
  const bag = withMonitorDefaults(news, defaults);
  const named = chooseName(bag, context.olds, context.autonaming, defaults.namePrefix);
  if (named.failure) {
    // The other properties are still checked, so that every problem is reported at once;
    // the placeholder name is no claim.
    const rest = checkNamed({ ...bag, name: "-" }, timeZone);
    const { name: _placeholder, ...inputs } = rest.inputs as Record<string, unknown>;
    return { inputs, failures: [named.failure, ...(rest.failures ?? [])] };
  }
  bag.name = named.name;
  const result = checkNamed(bag, timeZone);
  if (!urn) return result;
  const inputs = result.inputs as Record<string, unknown>;
  const known = (v: unknown) => (isUnknown(v) ? undefined : v);
  const taken = monitorClaims.check(
    { urn, label: resourceLabel("Monitor", inputs[RESOURCE_NAME_KEY] ?? inputs.name) },
    { name: known(inputs.name), adoptId: known(inputs.adoptId) },
  );
  return taken.length ? { inputs, failures: [...(result.failures ?? []), ...taken] } : result;
}

/** The shared check of a monitor whose defaults and name are filled in. */
function checkNamed(bag: Record<string, unknown>, timeZone: string): CheckResult {
  // `cacheBuster: true` reads naturally in a program; the service wants 0 or 1.
  if (bag.cacheBuster === true) bag.cacheBuster = 1;
  if (bag.cacheBuster === false) bag.cacheBuster = 0;
  return runCheck(monitorCheckSpec(timeZone), bag, INTERNAL_KEYS);
}
