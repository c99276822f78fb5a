/**
 * One family of errors for everything the client throws: what the API answers or fails
 * with, and the settings or input it refuses before any request. Each carries what a
 * caller needs to act: the HTTP status, the service's message, per-field messages for a
 * validation error, and the method and path when there was a request. Never the API key.
 */

/** Details an error carries; an API error always has the method and path. */
export interface UptimeErrorDetails {
  /** HTTP method of the request; absent for an error thrown before any request. */
  method?: string;
  /** Path of the request, without the base URL or the query's secrets; absent likewise. */
  path?: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** The service's message, when it sent one. */
  serviceMessage?: string;
  /** The underlying error (network errors). */
  cause?: unknown;
  /** True when a write may or may not have been applied (see `UptimeError.outcomeUnknown`). */
  outcomeUnknown?: boolean;
}

/** Base class of every error the client throws. Test with `instanceof`. */
export class UptimeError extends Error {
  override name = "UptimeError";
  /** HTTP method of the request; undefined for `UptimeConfigError` and `UptimeInputError` before any request. */
  readonly method?: string;
  /** Request path, e.g. `/api/v1/monitors/12`; undefined likewise. */
  readonly path?: string;
  /** HTTP status, or undefined when no response arrived. */
  readonly status?: number;
  /** The service's own message, if any. */
  readonly serviceMessage?: string;
  /**
   * True when the request was a write that may have been applied before the failure
   * (a POST whose connection dropped, timed out or got a 5xx). A POST is never retried
   * blindly: look the record up (monitor names are unique) before trying again.
   */
  readonly outcomeUnknown: boolean;

  constructor(message: string, details: UptimeErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
  }
}

/** 404: the resource does not exist, or belongs to another account (indistinguishable). */
export class UptimeNotFoundError extends UptimeError {
  override name = "UptimeNotFoundError";
}

/** 401: no API key, or one the service does not accept. */
export class UptimeUnauthorizedError extends UptimeError {
  override name = "UptimeUnauthorizedError";
}

/** 403: the account's plan has no API access. */
export class UptimeForbiddenError extends UptimeError {
  override name = "UptimeForbiddenError";
}

/**
 * 422: the service rejected fields. `fields` maps each field path (dot keys such as
 * `alerts.0.value` turned back into `alerts[0].value`) to its messages.
 */
export class UptimeValidationError extends UptimeError {
  override name = "UptimeValidationError";
  /** Messages per field path, e.g. `{ "url": ["The url must be a valid URL."] }`. */
  readonly fields: Record<string, string[]>;

  constructor(message: string, details: UptimeErrorDetails & { fields: Record<string, string[]> }) {
    super(message, details);
    this.fields = details.fields;
  }
}

/** 429: rate limited, after the client's retries ran out. */
export class UptimeRateLimitError extends UptimeError {
  override name = "UptimeRateLimitError";
  /** Seconds the service asked to wait, when it said. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, details: UptimeErrorDetails & { retryAfterSeconds?: number }) {
    super(message, details);
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** 5xx: the service failed, after the client's retries ran out. */
export class UptimeServerError extends UptimeError {
  override name = "UptimeServerError";
}

/**
 * No usable response: connection refused or reset, timeout, DNS failure.
 * `outcomeUnknown` says whether a write may have reached the service first.
 */
export class UptimeNetworkError extends UptimeError {
  override name = "UptimeNetworkError";
  /**
   * The part of the way that failed when it is known and the message says how to fix it:
   * `proxy` (a proxy refused or is not there) or `tls` (the service's certificate is not
   * accepted); undefined for the service itself (refused, reset, timed out).
   */
  via?: "proxy" | "tls";
}

/** A response that is not what the contract and the known instances send. */
export class UptimeResponseError extends UptimeError {
  override name = "UptimeResponseError";
}

/**
 * A list walk (`pages()`, `all()`, `findByName`) that stopped because a page did not
 * advance: the page asked for came back as the page before it (same page number, or the
 * same items). Instances that ignore the `page` query parameter do this; following their
 * counters would read the first page over and over.
 */
export class UptimePaginationError extends UptimeResponseError {
  override name = "UptimePaginationError";
  /** The page number asked for. */
  readonly page: number;
  /** The page number the body reported for it, when it reported one. */
  readonly reportedPage?: number;
  /** The page it repeated (the one read before it). */
  readonly repeatedPage: number;
  /** Items read (and yielded) before the walk stopped. */
  readonly itemsRead: number;
  /** Items in the whole list, as the service counts them. */
  readonly total: number;

  constructor(
    message: string,
    details: UptimeErrorDetails & {
      page: number;
      reportedPage?: number;
      repeatedPage: number;
      itemsRead: number;
      total: number;
    },
  ) {
    super(message, details);
    this.page = details.page;
    this.reportedPage = details.reportedPage;
    this.repeatedPage = details.repeatedPage;
    this.itemsRead = details.itemsRead;
    this.total = details.total;
  }
}

/**
 * The client's settings are missing or malformed (base URL, API key, a number out of
 * range), or the client was closed. Thrown before any request is sent; `method` and
 * `path` name the call when there was one (a call after `close()`).
 */
export class UptimeConfigError extends UptimeError {
  override name = "UptimeConfigError";

  constructor(message: string, call: { method?: string; path?: string } = {}) {
    super(message, call);
  }
}

/** Input that fails the client-side schema, before any request. */
export class UptimeInputError extends UptimeError {
  override name = "UptimeInputError";
  /** Messages per field path. */
  readonly fields: Record<string, string[]>;

  constructor(message: string, fields: Record<string, string[]>) {
    super(message, {});
    this.fields = fields;
  }
}
