/**
 * pulumi-uptime: Pulumi resources (`Monitor`, `Incident`) and functions for the
 * uptime-monitoring API, plus the typed client and the local server they are tested on.
 */
export {
  Monitor,
  type MonitorArgs,
  type MonitorOutputs,
  type RequestHeaderArgs,
  type AlertArgs,
  type Interval,
  type AlertCondition,
  type RequestMethod,
  type ExpiryAlertDays,
  type AlertChannel,
  type CacheBuster,
  type MonitorStatus,
} from "./dynamic/monitor";
export { ServiceMonitors, type ServiceMonitorsArgs, type ServiceCheckArgs } from "./dynamic/service-monitors";
export { ServiceMonitorsInputError, type InputProblem } from "./runtime/service-monitors/input-error";
export { Incident, type IncidentArgs, type IncidentOutputs, type IncidentStatus } from "./dynamic/incident";
export * from "./functions/monitors";
export * from "./functions/incidents";
export * from "./functions/monitor-report";
export type { FunctionOptions } from "./functions/program-client";
export { UptimeResourceError } from "./runtime/user-errors";
export { CONFIG_KEYS, ENV_VARS } from "./runtime/config";
export * from "./client";
export * as schemas from "./schemas";
export { OPENAPI_FILE, openApiDocument, openApiText } from "./openapi";
export * from "./gitops";
