/**
 * Connections that one run of `pulumi-uptime test` shares between its checks.
 *
 * The service's checker opens a connection per check (a check every minute or more, from
 * a queue worker), and the local server's checker does the same. A run of `test` checks
 * many monitors at once, often many on one origin, and a fresh TCP (and TLS) connection
 * per check was a third of its time. Reusing a kept-alive connection changes no outcome
 * the command reports:
 * - the request (method, headers, Basic auth, cache buster) is the same on any connection,
 *   and credentials still go only to the monitor's own origin;
 * - a certificate is read from the connection that answered, which is the origin's own;
 *   TLS sessions are not resumed (`maxCachedSessions: 0`), so each new connection does a
 *   full handshake as a fresh client would;
 * - a kept-alive connection the target closed meanwhile is not a failure of the target:
 *   the request is sent again, once, on a fresh connection (see `probe.ts`);
 * - no limit on connections per origin, so a check never waits for another's connection
 *   (a body being drained holds only its own).
 * A body is drained for reuse only when it is small and of known length; otherwise its
 * connection is closed, as before, and the body never read.
 */
import http from "node:http";
import https from "node:https";

/** Keep-alive agents for http and https, shared by the checks of one run. */
export interface Connections {
  http: http.Agent;
  https: https.Agent;
}

/** Most body bytes read after a verdict to keep the connection; a bigger body closes it. */
export const DRAIN_BYTES = 64 * 1024;

/** New keep-alive agents for one run of checks; close them with `closeConnections`. */
export function keptAliveConnections(): Connections {
  const options = { keepAlive: true, maxSockets: Infinity, scheduling: "lifo" as const };
  return { http: new http.Agent(options), https: new https.Agent({ ...options, maxCachedSessions: 0 }) };
}

/** Closes every connection of `c`, idle or not. */
export function closeConnections(c: Connections): void {
  c.http.destroy();
  c.https.destroy();
}
