/** The Incident provider's property bags and their mapping to the API. */
import type { Incident, IncidentCreateInput, IncidentUpdateInput } from "../../schemas";
import { INCIDENT_FIELDS, namesWhere, type CamelCase, type incidentCreateSchema } from "../../schemas";
import { RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../keys";
import { echoedWithComputed } from "../keys";
import { isEmpty, sameDate } from "../comparison";

/** A writable incident field, camelCase. */
export type IncidentApiField = CamelCase<keyof (typeof incidentCreateSchema)["shape"] & string>;

/** The writable incident fields in the program's names (from the store schema). */
export const INCIDENT_API_FIELDS = namesWhere(INCIDENT_FIELDS.api) as IncidentApiField[];
/** Fields the service sets only on store. */
export const INCIDENT_STORE_ONLY = namesWhere(INCIDENT_FIELDS.api, (f) => f.once === "store") as IncidentApiField[];
/** Fields the service writes once: the first value wins, never changed or cleared. */
export const INCIDENT_WRITE_ONCE = namesWhere(INCIDENT_FIELDS.api, (f) => f.once === "first") as WriteOnceField[];
/** The fields the service computes, in the program's names. */
const INCIDENT_COMPUTED_FIELDS = namesWhere(INCIDENT_FIELDS.computed);
/** A write-once incident field (the schemas mark them `once: "first"`; INCIDENT_WRITE_ONCE lists them). */
export type WriteOnceField = Extract<IncidentApiField, "acknowledgedAt" | "endedAt">;
/** Write-once values, by field. */
export type WriteOnceValues = Partial<Record<WriteOnceField, string>>;

/**
 * Output key of the write-once values this program wrote and the service kept. The
 * service also writes them itself (its checker ends incidents); only a value the program
 * wrote is the program's to change (by replacing the incident). A value the service
 * wrote is left alone, so the provider never fights the service over it.
 */
export const PROGRAM_WROTE_KEY = "__programWrote";

/** Provider inputs after `check`. */
export interface IncidentInputs {
  monitorId: number;
  startedAt: string;
  acknowledgedAt?: string | null;
  endedAt?: string | null;
  cause?: string | null;
  comment?: string | null;
  [RESOURCE_NAME_KEY]?: string;
  [RESOURCE_URN_KEY]?: string;
}

/** Provider outputs: the inputs plus what the service computes. */
export interface IncidentOutputs extends IncidentInputs {
  incidentId: number;
  status: string;
  createdAt?: string | null;
  updatedAt?: string | null;
  [PROGRAM_WROTE_KEY]?: WriteOnceValues;
}

/** The store body. */
export function toIncidentCreateBody(inputs: IncidentInputs): IncidentCreateInput {
  const body: Record<string, unknown> = { monitor_id: inputs.monitorId, started_at: inputs.startedAt };
  if (inputs.acknowledgedAt) body.acknowledged_at = inputs.acknowledgedAt;
  if (inputs.endedAt) body.ended_at = inputs.endedAt;
  if (inputs.cause) body.cause = inputs.cause;
  if (inputs.comment) body.comment = inputs.comment;
  return body as IncidentCreateInput;
}

/** The update body for the changed updatable fields; an emptied cause or comment is cleared. */
export function toIncidentUpdateBody(
  inputs: IncidentInputs,
  changed: readonly IncidentApiField[],
): IncidentUpdateInput {
  const body: Record<string, unknown> = {};
  if (changed.includes("acknowledgedAt") && inputs.acknowledgedAt) body.acknowledged_at = inputs.acknowledgedAt;
  if (changed.includes("endedAt") && inputs.endedAt) body.ended_at = inputs.endedAt;
  if (changed.includes("cause")) body.cause = inputs.cause || null;
  if (changed.includes("comment")) body.comment = inputs.comment || null;
  return body as IncidentUpdateInput;
}

/** The live incident in the program's names. */
export function incidentFromApi(i: Incident): IncidentOutputs {
  return {
    incidentId: i.id,
    monitorId: i.monitor_id,
    status: i.status,
    startedAt: i.started_at,
    acknowledgedAt: i.acknowledged_at ?? undefined,
    endedAt: i.ended_at ?? undefined,
    cause: i.cause ?? undefined,
    comment: i.comment ?? undefined,
    createdAt: i.created_at ?? null,
    updatedAt: i.updated_at ?? null,
  };
}

/**
 * Outputs after a write: the declared inputs echoed, plus what the service computed. A
 * write-once field shows what the service holds (the first value wins there, whoever
 * wrote it), and is recorded as the program's when it is the value the program declared
 * (now or, per `previously`, before).
 */
export function toIncidentOutputs(
  inputs: IncidentInputs,
  live: Incident,
  previously: WriteOnceValues = {},
): IncidentOutputs {
  const computed = incidentFromApi(live);
  const outs = echoedWithComputed<IncidentOutputs>(inputs, computed, INCIDENT_COMPUTED_FIELDS);
  const wrote: WriteOnceValues = {};
  for (const field of INCIDENT_WRITE_ONCE) {
    const held = computed[field];
    if (isEmpty(held)) continue;
    const declared = inputs[field];
    const mine =
      !isEmpty(declared) && sameDate(declared, held)
        ? declared!
        : !isEmpty(previously[field]) && sameDate(previously[field], held)
          ? previously[field]
          : undefined;
    outs[field] = mine ?? held;
    if (mine !== undefined) wrote[field] = mine;
  }
  if (Object.keys(wrote).length > 0) outs[PROGRAM_WROTE_KEY] = wrote;
  return outs;
}

/** True when the program wrote the value of `field` the state holds. */
export function programWrote(olds: Partial<IncidentOutputs>, field: WriteOnceField): boolean {
  const wrote = olds[PROGRAM_WROTE_KEY]?.[field];
  return !isEmpty(wrote) && !isEmpty(olds[field]) && sameDate(wrote, olds[field]);
}
