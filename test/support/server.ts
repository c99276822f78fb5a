/**
 * Starts a local uptime server for a test: ephemeral port on loopback, data in memory.
 * Close it in afterAll/afterEach with `await server.close()`.
 */
import { startUptimeServer, type UptimeServer, type UptimeServerOptions } from "../../src/server";

export type { UptimeServer, UptimeServerOptions } from "../../src/server";
export { DEFAULT_API_KEY } from "../../src/server";

/** Starts a server on port 0 with in-memory storage; other options pass through. */
export function startTestServer(options: UptimeServerOptions = {}): Promise<UptimeServer> {
  return startUptimeServer({ ...options, port: 0, host: options.host ?? "127.0.0.1", dataDir: undefined });
}

/**
 * A test server that checks monitors: only when a round is asked for (no schedule, so a
 * test decides when checks happen) and only loopback targets (a check never leaves the
 * machine). Other options, and other check options, pass through.
 */
export function startCheckingServer(options: UptimeServerOptions = {}): Promise<UptimeServer> {
  const checks = typeof options.checks === "object" ? options.checks : {};
  return startTestServer({ ...options, checks: { schedule: false, ...checks, loopbackOnly: true } });
}
