/** Plain-text tables of monitors and incidents, for the demo and the CLI. */
import type { Incident, Monitor } from "../schemas";
import { textTable } from "../util/text-table";

/** Monitors: id, name, status, interval, what the last check saw and how long it took, URL. */
export function monitorTable(monitors: Monitor[]): string {
  if (monitors.length === 0) return "No monitors.";
  return textTable(
    ["ID", "NAME", "STATUS", "EVERY", "LAST CHECK", "TIME", "URL"],
    monitors.map((m) => [
      String(m.id),
      m.name,
      m.status,
      `${m.interval}s`,
      m.check_result ?? "-",
      m.response_time === null || m.response_time === undefined ? "-" : `${m.response_time}ms`,
      m.url,
    ]),
  );
}

/** Incidents: id, monitor, status, start, end, cause. */
export function incidentTable(incidents: Incident[], monitors: Monitor[]): string {
  if (incidents.length === 0) return "No incidents.";
  const names = new Map(monitors.map((m) => [m.id, m.name]));
  return textTable(
    ["ID", "MONITOR", "STATUS", "STARTED", "ENDED", "CAUSE"],
    incidents.map((i) => [
      String(i.id),
      names.get(i.monitor_id) ?? String(i.monitor_id),
      i.status,
      i.started_at,
      i.ended_at ?? "-",
      i.cause ?? "",
    ]),
  );
}
