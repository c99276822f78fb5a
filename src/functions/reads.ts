/**
 * The functions' reads, engine-neutral: the Node.js functions (monitors.ts, incidents.ts)
 * and the provider plugin's `Invoke` both call these with a client.
 */
import type { UptimeClient } from "../client/client";
import type { IncidentListQuery, MonitorListQuery } from "../schemas";
import { fromApi } from "../runtime/monitor/monitor-props";
import { incidentFromApi } from "../runtime/incident/incident-props";
import { dropUndefined } from "../util/objects";
import type {
  GetIncidentArgs,
  GetIncidentsArgs,
  GetIncidentsResult,
  GetMonitorArgs,
  GetMonitorsArgs,
  IncidentInfo,
  MonitorData,
} from "./args";

/** One monitor by id, every value plain (the callers mark the secret fields). */
export async function fetchMonitor(c: UptimeClient, args: GetMonitorArgs): Promise<MonitorData> {
  return fromApi(await c.monitors.get(args.monitorId));
}

/** Every monitor matching the filters, all pages read, every value plain (the callers mark the secret fields). */
export async function listMonitors(c: UptimeClient, args: GetMonitorsArgs): Promise<{ monitors: MonitorData[] }> {
  const query: MonitorListQuery = {
    search: args.search,
    search_by: args.searchBy,
    status_page_id: args.statusPageId,
    sort_by: args.sortBy,
    sort: args.sort,
  };
  return { monitors: await readAll(c.monitors.all(dropUndefined(query)), fromApi) };
}

/** One incident by id. */
export async function fetchIncident(c: UptimeClient, args: GetIncidentArgs): Promise<IncidentInfo> {
  return incidentFromApi(await c.incidents.get(args.incidentId));
}

/** Every incident matching the filters, all pages read. */
export async function listIncidents(c: UptimeClient, args: GetIncidentsArgs): Promise<GetIncidentsResult> {
  const query: IncidentListQuery = {
    search: args.search,
    search_by: args.searchBy,
    monitor_id: args.monitorId,
    status: args.status,
    sort_by: args.sortBy,
    sort: args.sort,
  };
  return { incidents: await readAll(c.incidents.all(dropUndefined(query)), incidentFromApi) };
}

/** Every item of a list walk, each mapped as it is read. */
async function readAll<T, U>(items: AsyncIterable<T>, map: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for await (const item of items) out.push(map(item));
  return out;
}
