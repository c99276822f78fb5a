/** The typed client of the uptime-monitoring API. */
export { UptimeClient } from "./client";
export type { UptimeClientOptions, UptimeRetryOptions } from "./client-options";
export { RETRY_DEFAULTS, OPTION_DEFAULTS, ENV } from "./client-options";
export { MonitorsApi } from "./monitors";
export { IncidentsApi } from "./incidents";
export { ResourceApi, ITERATION_PER_PAGE } from "./resource";
export { encodeForm, type FormValue } from "./encode";
export * from "./errors";
export type {
  Monitor,
  Incident,
  MonitorCreateInput,
  MonitorUpdateInput,
  IncidentCreateInput,
  IncidentUpdateInput,
  MonitorListQuery,
  IncidentListQuery,
  Page,
} from "../schemas";
