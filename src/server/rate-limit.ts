/**
 * Per-account rate limit with a fixed 60-second window, as Laravel's `throttle`
 * middleware counts: the window starts at an account's first request and the counter
 * resets when it ends.
 */

const WINDOW_MS = 60_000;

/** Result of counting one request. */
interface RateDecision {
  /** False when the request is over the limit. */
  allowed: boolean;
  /** Headers to send: X-RateLimit-Limit/-Remaining, plus Retry-After and X-RateLimit-Reset on 429. */
  headers: Record<string, string>;
}

/** Counts requests per account. */
export class RateLimiter {
  private perMinute: number | undefined;
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `perMinute` undefined or 0 turns the limit off; `now` is the server's clock. */
  constructor(
    perMinute: number | undefined,
    private readonly now: () => number,
  ) {
    this.set(perMinute);
  }

  /** Replaces the limit and forgets all counts. */
  set(perMinute: number | undefined): void {
    if (perMinute !== undefined && (!Number.isInteger(perMinute) || perMinute < 0)) {
      throw new Error("rateLimitPerMinute must be a non-negative integer");
    }
    this.perMinute = perMinute || undefined;
    this.windows.clear();
  }

  /** Counts a request of `accountId`; undefined when no limit is on. */
  hit(accountId: string): RateDecision | undefined {
    const limit = this.perMinute;
    if (limit === undefined) return undefined;
    const now = this.now();
    let w = this.windows.get(accountId);
    if (!w || now >= w.start + WINDOW_MS || now < w.start) {
      w = { start: now, count: 0 };
      this.windows.set(accountId, w);
    }
    // As Laravel does, a rejected request is not counted: the wait ends with the window.
    if (w.count < limit) {
      w.count++;
      return {
        allowed: true,
        headers: { "X-RateLimit-Limit": String(limit), "X-RateLimit-Remaining": String(limit - w.count) },
      };
    }
    const resetAt = w.start + WINDOW_MS;
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": "0",
      "Retry-After": String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
      "X-RateLimit-Reset": String(Math.ceil(resetAt / 1000)),
    };
    return { allowed: false, headers };
  }
}
