/** `check` for incidents: the shared check plus the service's "not in the future" rules. */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { INCIDENT_FIELDS, incidentCreateSchema } from "../../schemas";
import { isLocalDateTime, localDateTimeToEpoch } from "../../util/time";
import { failure, runCheck, type CheckSpec } from "../check-properties";
import { nonexistentLocalTimes } from "../local-times";
import { INTERNAL_KEYS } from "../keys";
import { INCIDENT_API_FIELDS } from "./incident-props";

const INCIDENT_DATE_PROPERTIES = ["startedAt", "endedAt", "acknowledgedAt"] as const;

function notInFuture(timeZone: string, now: number) {
  return (inputs: Record<string, unknown>): CheckFailure[] => {
    const out: CheckFailure[] = [];
    for (const key of INCIDENT_DATE_PROPERTIES) {
      const v = inputs[key];
      if (isLocalDateTime(v) && localDateTimeToEpoch(v, timeZone) > now) {
        out.push(
          failure(
            key,
            `${v} is in the future (time zone ${timeZone}); the service only records incidents that have happened`,
          ),
        );
      }
    }
    return out;
  };
}

// Built once, as the monitor's: only the rules below depend on the zone and the time.
const INCIDENT_CHECK: Omit<CheckSpec, "extra"> = {
  allowed: INCIDENT_API_FIELDS,
  fields: INCIDENT_FIELDS.api,
  defaults: {},
  schema: incidentCreateSchema,
  groups: [["startedAt", "acknowledgedAt", "endedAt"]],
};

/** What the shared check needs to know about incidents, for the account's time zone. */
function incidentCheckSpec(timeZone: string, now: number): CheckSpec {
  return {
    ...INCIDENT_CHECK,
    extra: (inputs) => [
      ...notInFuture(timeZone, now)(inputs),
      ...nonexistentLocalTimes(inputs, INCIDENT_DATE_PROPERTIES, timeZone),
    ],
  };
}

/** Validates an incident's inputs. */
export function checkIncident(news: Record<string, unknown>, timeZone = "UTC", now = Date.now()): CheckResult {
  return runCheck(incidentCheckSpec(timeZone, now), news, INTERNAL_KEYS);
}
