/** `getIncident` and `getIncidents`: read incidents without managing them. */
import * as pulumi from "@pulumi/pulumi";
import type { IncidentListQuery } from "../schemas";
import { incidentFromApi } from "../runtime/incident/incident-props";
import { fetchIncident, listIncidents } from "./reads";
import { withProgramClient, type FunctionOptions } from "./program-client";

/** An incident as the functions return it, in the program's names. */
export type IncidentInfo = ReturnType<typeof incidentFromApi>;

/** Arguments of {@link getIncident}. */
export interface GetIncidentArgs {
  /** The incident's id. */
  incidentId: number;
}

/** Reads one incident by id. */
export function getIncident(args: GetIncidentArgs, options?: FunctionOptions): Promise<IncidentInfo> {
  return withProgramClient(options, (c) => fetchIncident(c, args));
}

/** {@link getIncident} taking `Input`s and returning an `Output`. */
export function getIncidentOutput(
  args: { incidentId: pulumi.Input<number> },
  options?: FunctionOptions,
): pulumi.Output<IncidentInfo> {
  return pulumi.output(args).apply((a) => getIncident(a, options));
}

/** Arguments of {@link getIncidents}: every filter of the incident list. */
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

/** The result of {@link getIncidents}. */
export interface GetIncidentsResult {
  /** Every matching incident, all pages read. */
  incidents: IncidentInfo[];
}

/** Lists every incident matching the filters, reading all pages. */
export function getIncidents(args: GetIncidentsArgs = {}, options?: FunctionOptions): Promise<GetIncidentsResult> {
  return withProgramClient(options, (c) => listIncidents(c, args));
}

/** {@link getIncidents} taking `Input`s and returning an `Output`. */
export function getIncidentsOutput(
  args: pulumi.Input<GetIncidentsArgs> = {},
  options?: FunctionOptions,
): pulumi.Output<GetIncidentsResult> {
  return pulumi.output(args).apply((a) => getIncidents(a as GetIncidentsArgs, options));
}
