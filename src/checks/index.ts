/**
 * The service's check of one monitor, in one place: the local server's checker
 * (src/server/checks) and `pulumi-uptime test` (src/cli/test.ts) both use it.
 */
export { probe, PROBE_DEFAULTS, type ProbeResult, type ProbeSettings } from "./probe";
export { CACHE_BUSTER_PARAM, firstUrl, isLoopbackHost, requestHeaders, type CheckTarget } from "./target";
