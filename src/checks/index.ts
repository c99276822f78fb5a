/**
 * The service's check of one monitor, in one place: the local server's checker
 * (src/server/checks) and `pulumi-uptime test` (src/cli/test.ts) both use it.
 */
export { probe, PROBE_DEFAULTS, type ProbeResult, type ProbeSettings } from "./probe";
export { CACHE_BUSTER_PARAM, firstUrl, isLoopbackHost, requestHeaders, type CheckTarget } from "./target";
export { certificateAlert } from "./certificate";
export {
  verdictOf,
  redact,
  shownUrl,
  displayName,
  declaredTarget,
  type DeclaredMonitor,
  type Verdict,
  type Outcome,
  type VerdictOptions,
} from "./declared";
