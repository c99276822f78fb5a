/**
 * `diff` for monitors: old outputs against new inputs, after normalising what the
 * service rewrites. Every monitor field updates in place, so nothing ever replaces a
 * monitor (a URL change keeps its history).
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { containsUnknown } from "../unknown";
import { sameDate, samePairs, sameScalar } from "../normalize";
import { MONITOR_API_FIELDS, type MonitorApiField, type MonitorInputs, type MonitorOutputs } from "./props";

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
 * return it).
 */
export function changedMonitorFields(olds: Partial<MonitorOutputs>, news: Partial<MonitorInputs>): MonitorApiField[] {
  return MONITOR_API_FIELDS.filter((f) => containsUnknown(news[f]) || !sameField(f, olds[f], news[f]));
}

/** Pulumi's `diff` for a monitor. */
export function diffMonitor(olds: Partial<MonitorOutputs>, news: Partial<MonitorInputs>): DiffResult {
  const changed = changedMonitorFields(olds, news);
  const pause = pauseChange(olds, news);
  return { changes: changed.length > 0 || pause !== undefined, replaces: [], deleteBeforeReplace: false };
}
