/**
 * Retry policy as pure functions: which failures are retried for which method, how long
 * to back off, and how to read `Retry-After`. The loop that applies it lives in
 * `request.ts`.
 *
 * Why not undici's RetryAgent / RetryHandler: its backoff has no jitter (many Pulumi
 * resources failing together would retry in lockstep), each request sleeps on its own
 * Retry-After instead of one gate for the whole account, it retries 500 for every listed
 * method, and it cannot tell "nothing was sent" from "the request may have been applied",
 * which decides whether a POST may be retried. So the policy is ours; undici still does
 * the connection pooling, keep-alive and timeouts.
 */
import type { UptimeRetryOptions } from "./client-options";
import { errorCode } from "../util/error-code";

/** Retry settings after defaults. */
export type RetrySettings = Required<UptimeRetryOptions>;

/**
 * How a request failed without a usable response:
 * - `not-sent`: the connection was never made (refused, DNS, connect timeout), so the
 *   service cannot have seen the request; safe to retry for every method.
 * - `maybe-sent`: the connection broke or timed out after the request may have been
 *   written; only idempotent methods may be retried.
 * - `timeout`: the attempt's time ran out waiting for headers or body (also maybe-sent).
 */
export type FailureKind = "not-sent" | "maybe-sent" | "timeout";

/** Methods whose repetition has the same effect as one call: our PUT/PATCH bodies set absolute values. */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"]);

/** True when repeating `method` cannot create a second record. */
function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Gateway statuses: a proxy or the app's maintenance mode answered; worth another try. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a status is retried for `method` (429 is handled apart, by the rate gate).
 * 500, 502, 503 and 504 are retried for idempotent methods only. Laravel's 500s are often
 * a passing database hiccup; a PUT, PATCH or DELETE that hit one may have been half
 * applied, but sending the same absolute values (or the same delete) again finishes it
 * rather than doubling it, and a deterministic bug costs only `maxAttempts` tries. A
 * POST is never repeated blindly.
 */
export function isRetryableStatus(method: string, status: number): boolean {
  const m = method.toUpperCase();
  return (status === 500 || TRANSIENT_STATUSES.has(status)) && isIdempotent(m);
}

/** Whether a failure without response is retried for `method`. POST only when nothing was sent. */
export function isRetryableFailure(method: string, kind: FailureKind): boolean {
  return kind === "not-sent" || isIdempotent(method);
}

/** Error codes raised before a request could reach the service. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_SSL_WRONG_VERSION_NUMBER",
]);
/** Error codes of an attempt that ran out of time after sending. */
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

/** Sorts a transport error into a {@link FailureKind}. Unknown errors count as maybe-sent: the safe side. */
export function classifyFailure(err: unknown): FailureKind {
  const code = errorCode(err);
  if (code && NOT_SENT_CODES.has(code)) return "not-sent";
  if (code && TIMEOUT_CODES.has(code)) return "timeout";
  return "maybe-sent";
}

/**
 * Exponential backoff with full jitter: a random delay in [0, min(max, base * 2^(n-1))].
 * Full jitter spreads clients that failed together (AWS architecture blog, "Exponential
 * Backoff And Jitter"). `retryNumber` counts from 1.
 */
export function backoffDelay(
  retryNumber: number,
  s: Pick<RetrySettings, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exp = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** Math.min(Math.max(retryNumber - 1, 0), 30));
  return Math.floor(random() * exp);
}

/**
 * Reads `Retry-After`: delta-seconds or an HTTP date. Returns milliseconds to wait, or
 * undefined when absent or unreadable (the caller then backs off on its own).
 */
export function parseRetryAfter(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // An HTTP date always names its day, month and zone; this keeps "-3" from passing as a year.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
