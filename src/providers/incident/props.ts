/** The Incident provider's property bags and their mapping to the API. */
import type { Incident, IncidentCreateInput, IncidentUpdateInput } from "../../schemas";
import { RESOURCE_NAME_KEY } from "../monitor/props";
import { stripInternal } from "../monitor/props";

/** The writable incident fields in the program's names. */
export const INCIDENT_API_FIELDS = ["monitorId", "startedAt", "acknowledgedAt", "endedAt", "cause", "comment"] as const;
/** Fields the service sets only on store. */
export const INCIDENT_STORE_ONLY = ["monitorId", "startedAt"] as const;
/** Fields the service writes once: the first value wins, never changed or cleared. */
export const INCIDENT_WRITE_ONCE = ["acknowledgedAt", "endedAt"] as const;

/** A writable incident field, camelCase. */
export type IncidentApiField = (typeof INCIDENT_API_FIELDS)[number];

/** Provider inputs after `check`. */
export interface IncidentInputs {
  monitorId: number;
  startedAt: string;
  acknowledgedAt?: string | null;
  endedAt?: string | null;
  cause?: string | null;
  comment?: string | null;
  [RESOURCE_NAME_KEY]?: string;
}

/** Provider outputs: the inputs plus what the service computes. */
export interface IncidentOutputs extends IncidentInputs {
  incidentId: number;
  status: string;
  createdAt?: string | null;
  updatedAt?: string | null;
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
export function toIncidentUpdateBody(inputs: IncidentInputs, changed: readonly IncidentApiField[]): IncidentUpdateInput {
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

/** Outputs after a write: the declared inputs echoed, plus what the service computed. */
export function toIncidentOutputs(inputs: IncidentInputs, live: Incident): IncidentOutputs {
  const computed = incidentFromApi(live);
  return {
    ...stripInternal(inputs),
    incidentId: computed.incidentId,
    status: computed.status,
    createdAt: computed.createdAt,
    updatedAt: computed.updatedAt,
  };
}
