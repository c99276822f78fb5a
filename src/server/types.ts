/**
 * Public types of the local server. Other engineers code against exactly these names,
 * so changes here are API changes.
 */

/** The API key the server accepts when no accounts are configured. */
export const DEFAULT_API_KEY = "uptime-local-dev-key";

/** One account of the local service: its key, and the settings that change behaviour. */
export interface ServerAccount {
  /** Bearer token that identifies the account. */
  apiKey: string;
  /** Display name, used only in logs and request records. */
  name?: string;
  /** IANA zone; date inputs are wall time in it. Default "UTC". */
  timeZone?: string;
  /** False plays an account whose plan has no API access: every call answers 403. Default true. */
  apiAccess?: boolean;
}

/** Kinds of injected fault. */
export type FaultKind = "500" | "503" | "delay" | "drop-before" | "drop-after";

/** Fault injection settings. */
export interface FaultOptions {
  /** Fraction (0..1) of /api/v1 requests that get a fault. */
  rate: number;
  /** Kinds to pick from at random. Default: all kinds. */
  kinds?: FaultKind[];
  /** Wait of the "delay" kind in milliseconds. Default 2000. */
  delayMs?: number;
  /** Seed of a deterministic PRNG; without it faults use Math.random. */
  seed?: number;
  /** Only requests with these methods (upper case) get faults, e.g. `["POST"]`. Default: all. */
  methods?: string[];
  /** Inject at most this many faults, then none until the next `setFaults`. Default: no limit. */
  limit?: number;
}

/** Options of {@link startUptimeServer}. */
export interface UptimeServerOptions {
  /** TCP port. Default 8080; 0 picks an ephemeral port. */
  port?: number;
  /** Interface to bind. Default "127.0.0.1". */
  host?: string;
  /** Durable PGlite data directory; undefined keeps data in memory. */
  dataDir?: string;
  /** Accounts. Default: one account with {@link DEFAULT_API_KEY}. */
  accounts?: ServerAccount[];
  /** Requests per minute per account; undefined or 0 turns the limit off. */
  rateLimitPerMinute?: number;
  /** Fault injection; off by default. */
  faults?: FaultOptions;
  /** Largest accepted request body in bytes; larger gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Page size used when per_page is not one of 10/25/50/100. Default 25. */
  fallbackPerPage?: number;
  /** Clock (epoch ms) for the "not in the future" rules and maintenance windows. Default Date.now. */
  now?: () => number;
  /** Receives one line per request. Default: nothing is logged. */
  log?: (line: string) => void;
}

/** What the server recorded about one request. */
export interface RequestRecord {
  /** HTTP method as received. */
  method: string;
  /** Path without the query string. */
  path: string;
  /** Status answered (0 when the connection was dropped before an answer). */
  status: number;
  /** Name (or key prefix) of the authenticated account, when there was one. */
  account?: string;
  /** True for POST/PUT/PATCH/DELETE under /api/v1. */
  write: boolean;
}

/** A running local server. */
export interface UptimeServer {
  /** Base URL, e.g. `http://127.0.0.1:8080` (no trailing slash). */
  url: string;
  /** Port actually bound. */
  port: number;
  /** Every request received, in order. */
  requests: RequestRecord[];
  /** Number of POST/PUT/PATCH/DELETE requests under /api/v1 received. */
  writeCount(): number;
  /** Clears {@link UptimeServer.requests} and the write count. */
  resetStats(): void;
  /** Replaces the fault settings; undefined turns faults off. */
  setFaults(f: FaultOptions | undefined): void;
  /** Replaces the rate limit; undefined or 0 turns it off. */
  setRateLimit(perMinute: number | undefined): void;
  /** Stops listening, drops open connections and closes storage. */
  close(): Promise<void>;
}
