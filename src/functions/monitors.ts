/** `getMonitor` and `getMonitors`: read monitors without managing them. */
import * as pulumi from "@pulumi/pulumi";
import type { MonitorListQuery } from "../schemas";
import { fromApi } from "../providers/monitor/props";
import { dropUndefined } from "../util/objects";
import { withProgramClient, type FunctionOptions } from "./program-client";

/** A monitor as the functions return it, in the program's names. */
export type MonitorInfo = ReturnType<typeof fromApi>;

/** Arguments of {@link getMonitor}. */
export interface GetMonitorArgs {
  /** The monitor's id. */
  monitorId: number;
}

/** Reads one monitor by id. Fails with a not-found error when the account has none with that id. */
export function getMonitor(args: GetMonitorArgs, options?: FunctionOptions): Promise<MonitorInfo> {
  return withProgramClient(options, async (c) => fromApi(await c.monitors.get(args.monitorId)));
}

/** {@link getMonitor} taking `Input`s and returning an `Output`. */
export function getMonitorOutput(args: { monitorId: pulumi.Input<number> }, options?: FunctionOptions): pulumi.Output<MonitorInfo> {
  return pulumi.output(args).apply((a) => getMonitor(a, options));
}

/** Arguments of {@link getMonitors}: every filter of the monitor list. */
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

/** The result of {@link getMonitors}. */
export interface GetMonitorsResult {
  /** Every matching monitor, all pages read. */
  monitors: MonitorInfo[];
}

/** Lists every monitor matching the filters, reading all pages. */
export function getMonitors(args: GetMonitorsArgs = {}, options?: FunctionOptions): Promise<GetMonitorsResult> {
  return withProgramClient(options, async (c) => {
    const monitors: MonitorInfo[] = [];
    const query: MonitorListQuery = {
      search: args.search, search_by: args.searchBy, status_page_id: args.statusPageId, sort_by: args.sortBy, sort: args.sort,
    };
    for await (const m of c.monitors.all(dropUndefined(query))) monitors.push(fromApi(m));
    return { monitors };
  });
}

/** {@link getMonitors} taking `Input`s and returning an `Output`. */
export function getMonitorsOutput(args: pulumi.Input<GetMonitorsArgs> = {}, options?: FunctionOptions): pulumi.Output<GetMonitorsResult> {
  return pulumi.output(args).apply((a) => getMonitors(a as GetMonitorsArgs, options));
}
