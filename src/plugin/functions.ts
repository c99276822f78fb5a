/**
 * The package's functions as `Invoke` serves them: arguments checked with the same schemas
 * as the client's (failures name the argument and the allowed values), the reads of
 * src/functions/reads.ts, and results whose secret fields (alerts, request headers) stay
 * secret.
 */
import type { z } from "zod";
import type { UptimeClient } from "../client/client";
import { fetchIncident, fetchMonitor, listIncidents, listMonitors, monitorReport } from "../functions/reads";
import {
  INCIDENT_FIELDS,
  MONITOR_FIELDS,
  fieldsOf,
  getIncidentArgsSchema,
  getMonitorArgsSchema,
  getMonitorReportArgsSchema,
  incidentListQuerySchema,
  monitorListQuerySchema,
  propertyPath,
} from "../schemas";
import type { GetMonitorReportArgs } from "../functions/args";
import { tokenOf } from "./package-info";
import { secret, type Bag } from "./wire";

/** A failure of an argument. */
interface ArgFailure {
  property: string;
  reason: string;
}

interface PluginFunction {
  /** The schema of the arguments, in wire names. */
  schema: z.ZodObject;
  /** Runs on the arguments the schema passed, in program names, the unset ones absent. */
  run(c: UptimeClient, args: Bag): Promise<Bag>;
}

const LIST_ONLY = ["per_page", "page"];

const secretOf = (fields: typeof MONITOR_FIELDS | typeof INCIDENT_FIELDS) =>
  fields.api.filter((f) => f.secret).map((f) => f.name);

/** A read monitor or incident with its secret fields wrapped. */
function guarded(item: object, secrets: readonly string[]): Bag {
  const out: Bag = { ...item };
  for (const k of secrets) if (out[k] !== undefined && out[k] !== null) out[k] = secret(out[k]);
  return out;
}

const MONITOR_SECRETS = secretOf(MONITOR_FIELDS);
const INCIDENT_SECRETS = secretOf(INCIDENT_FIELDS);

/** The functions by type token. */
export const FUNCTIONS: Record<string, PluginFunction> = {
  [tokenOf("getMonitor")]: {
    schema: getMonitorArgsSchema,
    run: async (c, a) => guarded(await fetchMonitor(c, { monitorId: a.monitorId as number }), MONITOR_SECRETS),
  },
  [tokenOf("getMonitors")]: {
    schema: monitorListQuerySchema,
    run: async (c, a) => ({ monitors: (await listMonitors(c, a)).monitors.map((m) => guarded(m, MONITOR_SECRETS)) }),
  },
  [tokenOf("getIncident")]: {
    schema: getIncidentArgsSchema,
    run: async (c, a) => guarded(await fetchIncident(c, { incidentId: a.incidentId as number }), INCIDENT_SECRETS),
  },
  [tokenOf("getIncidents")]: {
    schema: incidentListQuerySchema,
    run: async (c, a) => ({
      incidents: (await listIncidents(c, a)).incidents.map((i) => guarded(i, INCIDENT_SECRETS)),
    }),
  },
  [tokenOf("getMonitorReport")]: {
    schema: getMonitorReportArgsSchema,
    run: async (c, a) => ({ ...(await monitorReport(c, a as unknown as GetMonitorReportArgs)) }),
  },
};

/** Arguments read against a schema: their failures, and the arguments given (nulls left out). */
interface ParsedArgs {
  failures: ArgFailure[];
  /** In wire names, as the schema reads them. */
  wire: Bag;
  /** In program names, as the functions take them. */
  given: Bag;
}

/**
 * `args` (program names) read against `schema`: unknown names and what the schema rejects
 * are failures naming the argument and the allowed names or values; nulls count as unset.
 * `what` names an argument in the message for an unknown one.
 */
export function parseArgs(schema: z.ZodObject, args: Bag, what = "an argument of this function"): ParsedArgs {
  const fields = fieldsOf(schema).filter((f) => !LIST_ONLY.includes(f.wire));
  const names = fields.map((f) => f.name);
  const failures: ArgFailure[] = [];
  const wire: Bag = {};
  const given: Bag = {};
  for (const [k, v] of Object.entries(args)) {
    const f = fields.find((x) => x.name === k);
    if (!f) failures.push({ property: k, reason: `${k}: is not ${what}; allowed: ${names.join(", ")}` });
    else if (v !== null && v !== undefined) {
      wire[f.wire] = v;
      given[k] = v;
    }
  }
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const property = propertyPath(issue.path as PropertyKey[]);
      failures.push({ property, reason: `${property}: ${issue.message}` });
    }
  }
  return { failures, wire, given };
}
