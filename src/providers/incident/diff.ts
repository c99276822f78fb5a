/**
 * `diff` for incidents. The service sets `monitorId` and `startedAt` only on store, and
 * writes `acknowledgedAt` and `endedAt` once (the first value wins): changing any of
 * those once the service has them replaces the incident rather than pretending to update.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { containsUnknown } from "../unknown";
import { isEmpty, sameDate, sameScalar } from "../normalize";
import { INCIDENT_API_FIELDS, INCIDENT_STORE_ONLY, INCIDENT_WRITE_ONCE, type IncidentApiField, type IncidentInputs, type IncidentOutputs } from "./props";

const DATE_FIELDS = new Set<IncidentApiField>(["startedAt", "acknowledgedAt", "endedAt"]);

/** The incident fields whose declared value differs from the state. */
export function changedIncidentFields(olds: Partial<IncidentOutputs>, news: Partial<IncidentInputs>): IncidentApiField[] {
  return INCIDENT_API_FIELDS.filter((f) => {
    if (containsUnknown(news[f])) return true;
    if (f === "monitorId") return Number(olds[f]) !== Number(news[f]);
    return DATE_FIELDS.has(f) ? !sameDate(olds[f], news[f]) : !sameScalar(olds[f], news[f]);
  });
}

/** The changed fields that force a replacement. */
export function incidentReplaces(olds: Partial<IncidentOutputs>, changed: readonly IncidentApiField[]): IncidentApiField[] {
  return changed.filter(
    (f) => (INCIDENT_STORE_ONLY as readonly string[]).includes(f) || ((INCIDENT_WRITE_ONCE as readonly string[]).includes(f) && !isEmpty(olds[f])),
  );
}

/** Pulumi's `diff` for an incident. */
export function diffIncident(olds: Partial<IncidentOutputs>, news: Partial<IncidentInputs>): DiffResult {
  const changed = changedIncidentFields(olds, news);
  const replaces = incidentReplaces(olds, changed);
  // A monitor holds one ongoing incident at a time: the old one must go before the new one.
  return { changes: changed.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 };
}
