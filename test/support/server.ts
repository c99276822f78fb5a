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
