/**
 * What a failed connection or statement tells its reader: the server's message and SQLSTATE
 * code, or the socket's error, and what to do about the common ones. The server's messages
 * name users and databases, never passwords.
 */
import type { PostgresSettings } from "./postgres-settings";
import type { ServerError } from "./postgres-wire";

/** What to do, by SQLSTATE code. */
const ADVICE: Record<string, (s: PostgresSettings) => string> = {
  "28P01": () => "check the password (the URL, PGPASSWORD or the password file)",
  "28000": () => "the server's pg_hba.conf admits no such connection (user, database, address or TLS)",
  "3D000": () => "check the database name (the URL's path or PGDATABASE)",
  "42P01": (s) =>
    `no table "${s.tableName}" here: check the URL's table parameter, or log in once with the CLI (it creates the table)`,
  "42501": (s) => `grant this user SELECT on "${s.tableName}"`,
  "53300": () => "the server has no free connection slot: try again later",
  "57P03": () => "the server is starting up or shutting down: try again shortly",
};

/** The server's error, its code, and advice when there is some. */
export function serverErrorReason(err: ServerError, s: PostgresSettings): string {
  const advice = err.code ? ADVICE[err.code]?.(s) : undefined;
  const detail = err.detail ? ` (${err.detail})` : "";
  return `the server said: ${err.message ?? "an error"}${detail} [SQLSTATE ${err.code ?? "unknown"}]${advice ? `: ${advice}` : ""}`;
}

/** A socket's error, in words a user acts on. */
export function socketErrorReason(err: Error & { code?: string }, s: PostgresSettings): string {
  const at = s.address.startsWith("/") ? `the socket in ${s.address} (port ${s.port})` : `${s.address}:${s.port}`;
  switch (err.code) {
    case "ECONNREFUSED":
    case "ENOENT":
      return `nothing accepts connections at ${at}: is the server running, and are host and port right?`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host name ${s.address} does not resolve: check the URL's host or PGHOST`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${at} cannot be reached (${err.code}): check the network and firewall`;
    default:
      return `the connection to ${at} failed: ${err.message}`;
  }
}
