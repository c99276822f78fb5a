/**
 * The local uptime server: an HTTP server that behaves like the real service
 * (docs/local-server.md says what it serves and how), for tests and demos.
 */
export {
  DEFAULT_API_KEY,
  type ServerAccount,
  type FaultKind,
  type FaultOptions,
  type Hold,
  type HoldOptions,
  type UptimeServerOptions,
  type RequestRecord,
  type UptimeServer,
  type CheckOptions,
  type CheckEvent,
  type CheckRound,
  type DeferWriteOptions,
  type DeferredWrite,
} from "./types";
export { startUptimeServer } from "./server";
export { UptimeServerDependencyError } from "./pglite";
