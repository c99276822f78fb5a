/**
 * The functions' reads, engine-neutral: the Node.js functions (monitors.ts, incidents.ts)
 * and the provider plugin's `Invoke` both call these with a client.
 */
import type { UptimeClient } from "../client/client";
import type { IncidentListQuery, MonitorListQuery } from "../schemas";
import { fromApi } from "../runtime/monitor/monitor-props";
import { incidentFromApi } from "../runtime/incident/incident-props";
import { dropUndefined } from "../util/objects";
import { reportedMonitor } from "../report/availability";
import { monitorFigures } from "../report/figures";
import { readIncidents } from "../report/incident-reads";
import { PeriodError, planPeriod, type Period } from "../report/period";
import type {
  GetIncidentArgs,
  GetIncidentsArgs,
  GetIncidentsResult,
  GetMonitorArgs,
  GetMonitorReportArgs,
  GetMonitorsArgs,
  IncidentInfo,
  MonitorData,
  MonitorReport,
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

/**
 * The period of `getMonitorReport`'s arguments, in the client's time zone; a bad one fails
 * before any request, naming the argument (the window, for an empty period).
 */
function reportPeriod(c: UptimeClient, args: GetMonitorReportArgs, nowMs: number): Period {
  try {
    return planPeriod({ window: args.window, from: args.from, until: args.until }, c.timeZone, nowMs, (s) => s);
  } catch (err) {
    if (!(err instanceof PeriodError)) throw err;
    throw new PeriodError(`${err.setting ?? "window"}: ${err.message}`, err.setting);
  }
}

/**
 * One monitor's figures over the period the arguments name, read as `pulumi-uptime report`
 * reads them: the same numbers under the same names as its `--json` gives for the monitor.
 */
export async function monitorReport(
  c: UptimeClient,
  args: GetMonitorReportArgs,
  nowMs = Date.now(),
): Promise<MonitorReport> {
  const period = reportPeriod(c, args, nowMs);
  const monitor = reportedMonitor(await c.monitors.get(args.monitorId), c.timeZone);
  const { byMonitor } = await readIncidents(c, [args.monitorId], period, nowMs);
  return monitorFigures(monitor, byMonitor.get(args.monitorId) ?? [], period, args.slo).figures;
}

/** Every item of a list walk, each mapped as it is read. */
async function readAll<T, U>(items: AsyncIterable<T>, map: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for await (const item of items) out.push(map(item));
  return out;
}
