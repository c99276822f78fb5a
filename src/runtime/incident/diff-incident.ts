/**
 * `diff` for incidents. The service sets `monitorId` and `startedAt` only on store, and
 * writes `acknowledgedAt` and `endedAt` once (the first value wins), setting them itself
 * too (its checker ends an incident when the monitor recovers). So for those two:
 * declaring one the service does not hold yet updates in place; changing one the program
 * wrote replaces the incident; a value the service wrote, or one left undeclared, is the
 * service's and never a change, so the provider does not fight the service over it.
 */
import { containsUnknown } from "../unknowns";
import { isEmpty, sameDate, sameScalar } from "../comparison";
import type { PropertyChanges } from "../changes";
import {
  INCIDENT_API_FIELDS,
  INCIDENT_STORE_ONLY,
  INCIDENT_WRITE_ONCE,
  programWrote,
  type IncidentApiField,
  type IncidentInputs,
  type IncidentOutputs,
  type WriteOnceField,
} from "./incident-props";

const isWriteOnce = (f: IncidentApiField): f is WriteOnceField =>
  (INCIDENT_WRITE_ONCE as readonly string[]).includes(f);

/** Whether a write-once field's declared value asks for a change of what the service holds. */
function writeOnceChanged(olds: Partial<IncidentOutputs>, news: Partial<IncidentInputs>, f: WriteOnceField): boolean {
  const declared = news[f];
  if (isEmpty(olds[f])) return containsUnknown(declared) || !isEmpty(declared);
  // Held by the service: only a value this program wrote is the program's to change.
  if (!programWrote(olds, f)) return false;
  if (containsUnknown(declared)) return true;
  return !isEmpty(declared) && !sameDate(olds[f], declared);
}

/** The incident fields whose declared value asks for a change. */
export function changedIncidentFields(
  olds: Partial<IncidentOutputs>,
  news: Partial<IncidentInputs>,
): IncidentApiField[] {
  return INCIDENT_API_FIELDS.filter((f) => {
    if (isWriteOnce(f)) return writeOnceChanged(olds, news, f);
    if (containsUnknown(news[f])) return true;
    if (f === "monitorId") return Number(olds[f]) !== Number(news[f]);
    return f === "startedAt" ? !sameDate(olds[f], news[f]) : !sameScalar(olds[f], news[f]);
  });
}

/** The changed fields that force a replacement: store-only ones, and write-once ones the service already holds. */
export function incidentReplaces(
  olds: Partial<IncidentOutputs>,
  changed: readonly IncidentApiField[],
): IncidentApiField[] {
  return changed.filter(
    (f) => (INCIDENT_STORE_ONLY as readonly string[]).includes(f) || (isWriteOnce(f) && !isEmpty(olds[f])),
  );
}

/** What differs, by property, and which of the changes replace the incident. */
export function incidentChanges(olds: Partial<IncidentOutputs>, news: Partial<IncidentInputs>): PropertyChanges {
  const changed = changedIncidentFields(olds, news);
  const replaces = incidentReplaces(olds, changed);
  // A monitor holds one ongoing incident at a time: the old one must go before the new one.
  return { changed, replaces, deleteBeforeReplace: replaces.length > 0 };
}
