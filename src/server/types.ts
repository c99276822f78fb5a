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

/** Which /api/v1 requests a {@link Hold} catches. */
export interface HoldOptions {
  /** Only requests with these methods (upper case), e.g. `["POST"]`. Default: all. */
  methods?: string[];
  /** Only paths (without the query string) that match, e.g. `/^\/api\/v1\/monitors$/`. Default: all. */
  path?: RegExp;
  /** Let this many matching requests through first, then hold every later one. Default 0. */
  after?: number;
}

/**
 * A hold on matching requests (a test's tool, see {@link UptimeServer.hold}): each one is
 * received in full, recorded with status 0, and left unhandled until {@link Hold.release}.
 */
export interface Hold {
  /** Matching requests let through so far (at most `after`). */
  passed(): number;
  /** Requests held now. */
  held(): number;
  /** Resolves once at least `n` requests are held; rejects after `timeoutMs` (default 120 s). */
  waitHeld(n: number, timeoutMs?: number): Promise<void>;
  /**
   * Ends the hold: "handle" lets the held requests go on as if nothing happened (a write
   * commits even when its client is gone), "drop" closes their connections unanswered with
   * nothing stored. Later requests are handled as usual. Resolves when every held request
   * has been answered or dropped.
   */
  release(how?: "handle" | "drop"): Promise<void>;
}

/** What {@link UptimeServer.deferWrite} waits for and holds back. */
export interface DeferWriteOptions {
  /** Method of the write to defer, upper case, e.g. "POST". */
  method: string;
  /** Path of the write, e.g. `/^\/api\/v1\/monitors$/`. */
  path: RegExp;
  /** The request after which the write is handled: its method (upper case) and path. */
  until: { method: string; path: RegExp };
}

/** A write held back by {@link UptimeServer.deferWrite}. */
export interface DeferredWrite {
  /** Resolves with the status the write was handled with (201, 422, ...), never sent to anyone. */
  handled: Promise<number>;
}

/** Options of {@link startUptimeServer}. */
export interface UptimeServerOptions {
  /** TCP port. Default 8080; 0 picks an ephemeral port. */
  port?: number;
  /** Interface to bind. Default "127.0.0.1". */
  host?: string;
  /**
   * Serve HTTPS with this certificate (chain) and private key, PEM; the URL is then https://.
   * Default: plain HTTP.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Durable PGlite data directory; undefined keeps data in memory. */
  dataDir?: string;
  /** Accounts. Default: one account with {@link DEFAULT_API_KEY}. */
  accounts?: ServerAccount[];
  /** Requests per minute per account; undefined or 0 turns the limit off. */
  rateLimitPerMinute?: number;
  /** Fault injection; off by default. */
  faults?: FaultOptions;
  /**
   * Stale reads, a fault of its own: for this many ms after each write of an account, its
   * show and list answer as before that write, as a lagging read replica would (a record
   * just stored is missing, one just changed shows its old fields, one just deleted is
   * still there). Writes always see the latest data. 0 or undefined: off (the default).
   */
  staleReadsMs?: number;
  /** Largest accepted request body in bytes; larger gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Page size used when per_page is not one of 10/25/50/100. Default 25. */
  fallbackPerPage?: number;
  /** Clock (epoch ms) for the "not in the future" rules and maintenance windows. Default Date.now. */
  now?: () => number;
  /** Receives one line per request. Default: nothing is logged. */
  log?: (line: string) => void;
  /**
   * Checking of monitors, as the service does it. Off by default here, so that a server
   * started from code changes nothing on its own unless asked (`uptime-server` turns it
   * on unless `--no-checks`). `true` checks with the defaults of {@link CheckOptions}.
   */
  checks?: boolean | CheckOptions;
}

/** How the local server checks monitors. */
export interface CheckOptions {
  /**
   * Check each monitor at its interval (true, the default), or only when a round is
   * asked for with `POST /__local/checks/run` or {@link UptimeServer.runChecks} (false).
   */
  schedule?: boolean;
  /** Checks run this many times as often as their interval says (60: a 60 s monitor every second). Default 1. */
  timeScale?: number;
  /** Time allowed for one check, redirects and body included, in ms. Default 10000. */
  timeoutMs?: number;
  /** Checks in flight at once, across accounts. Default 20. */
  concurrency?: number;
  /** Bytes of a response body read for a text lookup; the rest is not searched. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Redirects followed before a check fails. Default 5. */
  maxRedirects?: number;
  /** Refuse (and report as down) any target that is not on loopback (127.0.0.0/8, ::1, localhost). Default false. */
  loopbackOnly?: boolean;
  /** Extra trusted certificate authorities (PEM) for https targets. Default: Node's bundled roots. */
  ca?: string | Buffer | (string | Buffer)[];
  /** How often the schedule looks for due monitors, in ms. Default 500. */
  tickMs?: number;
  /** Called after every check, recorded or not (tests and benchmarks measure with it). */
  onCheck?: (event: CheckEvent) => void;
}

/** What one check did. */
export interface CheckEvent {
  /** The monitor checked. */
  monitorId: number;
  /** When the check was due (epoch ms on the server's clock). */
  dueAt: number;
  /** When its request started. */
  startedAt: number;
  /** When it finished. */
  finishedAt: number;
  /** True when the monitor was up. */
  up: boolean;
  /** `200 OK`, `503 Service Unavailable`, or what went wrong. */
  result: string;
  /** `recorded`, or why the result was dropped: the monitor was deleted, paused or changed meanwhile, or the server is closing. */
  outcome: "recorded" | "deleted" | "paused" | "changed" | "closing";
}

/** What one round of checks did. */
export interface CheckRound {
  /** Monitors checked (every unpaused monitor outside its maintenance window, of every account). */
  checked: number;
  /** Of those, found up. */
  up: number;
  /** Of those, found down. */
  down: number;
  /** Results dropped because the monitor was deleted, paused or changed while it was checked. */
  dropped: number;
  /** Wall time of the round in ms. */
  ms: number;
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
  /**
   * Replaces the stale-reads lag (see {@link UptimeServerOptions.staleReadsMs}); undefined
   * or 0 turns it off. Either way every write so far is visible to reads at once.
   */
  setStaleReads(ms: number | undefined): void;
  /** Reads answered inside a stale-reads window (from the lagging replica) since the server started. */
  staleReadsServed(): number;
  /**
   * Holds matching /api/v1 requests until released, so a test can stop its client at an
   * exact point (some writes answered, some in flight, the rest not sent). Holds apply in
   * the order they were added; a request matches at most one.
   */
  hold(options: HoldOptions): Hold;
  /**
   * Resolves once every connection open now has closed (later ones are not waited for),
   * counting those a client established that the server has not accepted yet (still in
   * the kernel's accept queue, even if their client has died): by then every request those
   * connections carried has been read and has reached the pipeline (a hold included).
   * Idle keep-alive connections close after 5 s.
   */
  connectionsClosed(): Promise<void>;
  /** Replaces the rate limit; undefined or 0 turns it off. */
  setRateLimit(perMinute: number | undefined): void;
  /**
   * Checks every unpaused monitor outside its maintenance window now, of every account,
   * and resolves when all are recorded. Rejects when checking is off.
   */
  runChecks(): Promise<CheckRound>;
  /**
   * Test hook: the next write matching `options` is received, its connection dropped at
   * once (so its client cannot know the outcome), and the write kept unhandled until the
   * next request matching `options.until` has been handled; it is then handled (stored or
   * refused, as it would have been) before that request's answer goes out. So a lookup the
   * client makes after losing the write misses it, and whatever the client sends after
   * the lookup's answer finds it committed, in that order every time.
   */
  deferWrite(options: DeferWriteOptions): DeferredWrite;
  /** Stops listening, drops open connections and closes storage. */
  close(): Promise<void>;
}
