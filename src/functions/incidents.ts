/** `getIncident` and `getIncidents`: read incidents without managing them. */
import * as pulumi from "@pulumi/pulumi";
import { fetchIncident, listIncidents } from "./reads";
import { withProgramClient, type FunctionOptions } from "./program-client";
import type { GetIncidentArgs, GetIncidentsArgs, GetIncidentsResult, IncidentInfo } from "./args";

export type { GetIncidentArgs, GetIncidentsArgs, GetIncidentsResult, IncidentInfo } from "./args";

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
