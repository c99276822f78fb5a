/** GitOps: monitors declared in a YAML file, validated with the providers' own check. */
export {
  loadMonitorsFile,
  parseMonitorsYaml,
  formatProblem,
  MonitorsFileError,
  type MonitorFileEntry,
  type MonitorFileArgs,
  type MonitorsFileProblem,
} from "./load-monitors";
export { toMonitorArgs, type ToMonitorArgsOptions } from "./monitor-args";
export { configRef, configRefsIn, resolveConfigRefs, splitConfigRefs, type ConfigRef } from "./config-refs";
