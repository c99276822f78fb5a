/**
 * `diff` for monitors: old outputs against new inputs, after normalising what the
 * service rewrites. Every monitor field updates in place, so nothing ever replaces a
 * monitor (a URL change keeps its history).
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { containsUnknown } from "../unknowns";
import { sameDate, samePairs, sameScalar } from "../comparison";
import { toDiffResult, type PropertyChanges } from "../changes";
import { resourceLabel } from "../resource-label";
import { monitorClaims } from "./claims";
import { MONITOR_API_FIELDS, type MonitorApiField, type MonitorInputs, type MonitorOutputs } from "./monitor-props";
import { RESOURCE_NAME_KEY, resourceUrn } from "../keys";
import { undeclaredFields } from "./only-when-declared";

const DATE_FIELDS = new Set<MonitorApiField>(["maintenanceStartAt", "maintenanceEndAt"]);

function sameField(field: MonitorApiField, old: unknown, next: unknown): boolean {
  if (field === "requestHeaders") return samePairs(old, next, true);
  if (field === "alerts") return samePairs(old, next, false);
  if (DATE_FIELDS.has(field)) return sameDate(old, next);
  return sameScalar(old, next);
}

/** Whether the declared `paused` differs from the monitor's state; undefined when not managed. */
export function pauseChange(olds: Partial<MonitorOutputs>, news: Partial<MonitorInputs>): boolean | undefined {
  if (news.paused === undefined) return undefined;
  const wasPaused = olds.paused ?? olds.status === "paused";
  return containsUnknown(news.paused) || news.paused !== wasPaused ? news.paused : undefined;
}

/**
 * The monitor fields whose declared value differs from the state. `requestAuthPassword`
 * is compared with the password last written, never with the service (which does not
 * return it). A maintenance window the program does not declare is never a change
 * (only-when-declared.ts).
 */
export function changedMonitorFields(olds: Partial<MonitorOutputs>, news: Partial<MonitorInputs>): MonitorApiField[] {
  const undeclared = undeclaredFields(news);
  return MONITOR_API_FIELDS.filter(
    (f) => !undeclared.has(f) && (containsUnknown(news[f]) || !sameField(f, olds[f], news[f])),
  );
}

/**
 * What differs, by property (program names, `paused` included); nothing replaces a monitor.
 * It sees the old outputs of every resource of a run before any delete, so it also records
 * which monitor the resource manages (claims.ts), for a delete of another resource that
 * managed the same one.
 */
export function monitorChanges(
  olds: Partial<MonitorOutputs>,
  news: Partial<MonitorInputs>,
  urn = resourceUrn(news),
): PropertyChanges {
  if (urn && typeof olds.monitorId === "number")
    monitorClaims.own({ urn, label: resourceLabel("Monitor", news[RESOURCE_NAME_KEY] ?? news.name) }, olds.monitorId);
  const changed: string[] = changedMonitorFields(olds, news);
  if (pauseChange(olds, news) !== undefined) changed.push("paused");
  return { changed, replaces: [], deleteBeforeReplace: false };
}

/** Pulumi's `diff` for a monitor. */
export function diffMonitor(
  olds: Partial<MonitorOutputs>,
  news: Partial<MonitorInputs>,
  urn = resourceUrn(news),
): DiffResult {
  return toDiffResult(monitorChanges(olds, news, urn));
}
