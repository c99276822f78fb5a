/**
 * The arguments and plain results of the four functions: what the Node.js functions
 * (./monitors.ts, ./incidents.ts, which export them) and the reads both doors call
 * (./reads.ts) share.
 */
import type { IncidentListQuery, MonitorListQuery } from "../schemas";
import type { MonitorFigures } from "../report/figures";
import type { fromApi } from "../runtime/monitor/monitor-props";
import type { incidentFromApi } from "../runtime/incident/incident-props";

/** A monitor's fields in the program's names, every value plain (the Output forms' shape). */
export type MonitorData = ReturnType<typeof fromApi>;

/** Arguments of `getMonitor`. */
export interface GetMonitorArgs {
  /** The monitor's id. */
  monitorId: number;
}

/** Arguments of `getMonitors`: every filter of the monitor list. */
export interface GetMonitorsArgs {
  /** Substring to look for. */
  search?: string;
  /** Field searched: `name` (default) or `url`. */
  searchBy?: NonNullable<MonitorListQuery["search_by"]>;
  /** Only monitors on this status page. */
  statusPageId?: number;
  /** Sort field: `id` (date created, default), `name` or `url`. */
  sortBy?: NonNullable<MonitorListQuery["sort_by"]>;
  /** `desc` (default) or `asc`. */
  sort?: NonNullable<MonitorListQuery["sort"]>;
}

/** An incident as the functions return it, in the program's names. */
export type IncidentInfo = ReturnType<typeof incidentFromApi>;

/** Arguments of `getIncident`. */
export interface GetIncidentArgs {
  /** The incident's id. */
  incidentId: number;
}

/** Arguments of `getIncidents`: every filter of the incident list. */
export interface GetIncidentsArgs {
  /** Substring to look for. */
  search?: string;
  /** Field searched: `monitor` (its name) or `cause`. */
  searchBy?: NonNullable<IncidentListQuery["search_by"]>;
  /** Only incidents of this monitor. */
  monitorId?: number;
  /** Only incidents in this state: `unresolved`, `acknowledged` or `resolved`. */
  status?: NonNullable<IncidentListQuery["status"]>;
  /** Sort field: `started_at` or `ended_at` (default). */
  sortBy?: NonNullable<IncidentListQuery["sort_by"]>;
  /** `desc` (default) or `asc`. */
  sort?: NonNullable<IncidentListQuery["sort"]>;
}

/** The result of `getIncidents`. */
export interface GetIncidentsResult {
  /** Every matching incident, all pages read. */
  incidents: IncidentInfo[];
}

/** Arguments of `getMonitorReport`. */
export interface GetMonitorReportArgs {
  /** The monitor's id. */
  monitorId: number;
  /** Length of the period ending at `until`: `30d` (default), `7d`, `12h`. Not with `from`. */
  window?: string;
  /** Start: `2026-03-02T18:30` (account time zone) or `2026-03-02T17:30:00Z`. */
  from?: string;
  /** End, as `from`; default now. */
  until?: string;
  /** The objective, percent (e.g. 99.9): adds `budget`. */
  slo?: number;
}

/** The result of `getMonitorReport`: what `pulumi-uptime report --json` gives for the monitor. */
export type MonitorReport = MonitorFigures;
