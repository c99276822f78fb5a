/**
 * Stored rows to the JSON the service returns. Dates go out as ISO-8601 UTC with
 * microseconds; the Basic-auth password is never returned.
 */
import { formatServiceDate } from "../util/time";
import type { IncidentRecord, MonitorRecord } from "./store";

const date = (ms: number | null) => (ms === null ? null : formatServiceDate(ms));

/** The status the service reports: `maintenance` while now is inside the window, unless paused. */
export function monitorStatus(m: MonitorRecord, now: number): string {
  if (
    m.status !== "paused" &&
    m.maintenance_start_at !== null &&
    m.maintenance_end_at !== null &&
    now >= m.maintenance_start_at &&
    now < m.maintenance_end_at
  ) {
    return "maintenance";
  }
  return m.status;
}

/** A monitor as returned by show, store, update and list. */
export function presentMonitor(m: MonitorRecord, now: number): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    url: m.url,
    interval: m.interval,
    status: monitorStatus(m, now),
    alert_condition: m.alert_condition,
    alert_text_lookup: m.alert_text_lookup,
    request_method: m.request_method,
    request_headers: m.request_headers.map(({ key, value }) => ({ key, value })),
    request_auth_username: m.request_auth_username,
    cache_buster: m.cache_buster,
    ssl_alert_days: m.ssl_alert_days,
    domain_alert_days: m.domain_alert_days,
    maintenance_start_at: date(m.maintenance_start_at),
    maintenance_end_at: date(m.maintenance_end_at),
    alerts: m.alerts.map(({ key, value }) => ({ key, value })),
    ssl_ends_at: date(m.ssl_ends_at),
    domain_ends_at: date(m.domain_ends_at),
    started_at: date(m.started_at),
    checked_at: date(m.checked_at),
    response_time: m.response_time,
    check_result: m.check_result,
    created_at: date(m.created_at),
    updated_at: date(m.updated_at),
  };
}

/** Derived incident status: resolved, else acknowledged, else unresolved. */
function incidentStatus(i: IncidentRecord): "resolved" | "acknowledged" | "unresolved" {
  return i.ended_at !== null ? "resolved" : i.acknowledged_at !== null ? "acknowledged" : "unresolved";
}

/** An incident as returned by show, store, update and list. */
export function presentIncident(i: IncidentRecord): Record<string, unknown> {
  return {
    id: i.id,
    monitor_id: i.monitor_id,
    status: incidentStatus(i),
    started_at: date(i.started_at),
    acknowledged_at: date(i.acknowledged_at),
    ended_at: date(i.ended_at),
    cause: i.cause,
    comment: i.comment,
    created_at: date(i.created_at),
    updated_at: date(i.updated_at),
  };
}
