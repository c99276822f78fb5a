/**
 * The local uptime server: an HTTP server that behaves like the real service
 * (see /work/shared/spec/service-behaviour.md), for tests and demos.
 */
export {
  DEFAULT_API_KEY,
  type ServerAccount,
  type FaultKind,
  type FaultOptions,
  type UptimeServerOptions,
  type RequestRecord,
  type UptimeServer,
} from "./types";
export { startUptimeServer } from "./server";
