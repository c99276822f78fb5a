/**
 * Sends one API call with the client's policies around the transport: waits at the
 * account's rate gate, takes a slot of the process-wide limiter and of the pacer (when the
 * client is paced) for each attempt, retries
 * what `retry.ts` allows, and maps what is left to an error class.
 */
import { UptimeConfigError, type UptimeError } from "./errors";
import { errorFromFailure, errorFromResponse, type RequestContext } from "./error-map";
import { encodeForm, type FormValue } from "./encode";
import type { Limiter } from "./concurrency";
import type { Pacer } from "./pacer";
import type { RateGate } from "./rate-gate";
import { backoffDelay, isRetryableFailure, isRetryableStatus, parseRetryAfter, type RetrySettings } from "./retry";
import { sendOnce, TransportFailure, type Method, type TransportConfig, type WireResponse } from "./transport";

/** An API call before encoding. */
export interface Call {
  method: Method;
  /** API path such as `/api/v1/monitors/12`. */
  path: string;
  query?: { [key: string]: FormValue };
  body?: { [key: string]: FormValue };
  /**
   * Resolve with the 404 instead of throwing when an earlier attempt may already have
   * done the job (a DELETE retried after its connection dropped).
   */
  notFoundAfterUncertainRetryIsSuccess?: boolean;
}

/** A successful response (or an accepted 404, see `Call`): status and the raw body text. */
export interface CallResult {
  status: number;
  text: string;
}

/** Everything the loop needs besides the call. */
interface RequesterDeps {
  transport: TransportConfig;
  retry: RetrySettings;
  gate: RateGate;
  limiter: Limiter;
  /** Spaces every attempt (retries included) when the client is paced. */
  pacer?: Pacer;
  /** Source of jitter; replaceable in tests. */
  random?: () => number;
}

/**
 * Waits on the global `setTimeout`: the one a fake clock (`vi.useFakeTimers`) replaces, so
 * tests can assert the exact schedule (`node:timers/promises`, imported here, is not faked).
 */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** 429s answered with no usable Retry-After are retried at most this often, whatever the wait budget. */
const MAX_RATE_LIMIT_RETRIES = 50;

/** Runs calls against one base URL and key. */
export class Requester {
  // Private, so that logging a client (which holds this) cannot print the API key.
  readonly #deps: RequesterDeps;

  #closed = false;

  constructor(deps: RequesterDeps) {
    this.#deps = deps;
  }

  /** Refuses further calls: the dispatcher may be gone, and a clear error beats a socket error. */
  close(): void {
    this.#closed = true;
  }

  /**
   * Sends `call`, retrying per policy. Resolves with any 2xx (and with a 404 when the
   * call allows it after an uncertain retry); rejects with an `UptimeError` subclass
   * otherwise. `uncertain` below tracks whether an earlier attempt of a write may have
   * been applied.
   */
  async send(call: Call): Promise<CallResult> {
    if (this.#closed)
      throw new UptimeConfigError(`${call.method} ${call.path}: the uptime client was closed; create a new one`, {
        method: call.method,
        path: call.path,
      });
    const { transport, retry, gate, limiter } = this.#deps;
    const random = this.#deps.random ?? Math.random;
    const wire = {
      method: call.method,
      path: call.path,
      query: call.query ? encodeForm(call.query) : undefined,
      body: call.body ? encodeForm(call.body) : undefined,
    };
    const ctx: RequestContext = {
      method: call.method,
      path: call.path,
      apiKey: transport.apiKey,
      attempts: 0,
      origin: transport.origin,
      route: transport.route,
    };
    let waitedMs = 0;
    let rateLimitRetries = 0;
    let uncertain = false;
    let last429: WireResponse | undefined;

    for (;;) {
      // Wait while the account is rate limited, whoever was told so.
      const closed = gate.remainingMs();
      if (closed > 0) {
        if (waitedMs + closed > retry.maxRateLimitWaitMs) throw this.rateLimitError(ctx, last429, closed, waitedMs);
        await sleep(closed);
        waitedMs += closed;
        continue;
      }

      const release = await limiter.acquire();
      if (this.#deps.pacer) {
        // The pacer's wait comes after the limiter's, so a request leaves at its slot and
        // not later in a bunch, and before the attempt's timer, which it does not use up.
        await this.#deps.pacer.wait();
        // A 429 answered meanwhile closed the gate: wait with the others (the slot is lost).
        if (gate.remainingMs() > 0) {
          release();
          continue;
        }
      }
      ctx.attempts++;
      let res: WireResponse;
      try {
        res = await sendOnce(transport, wire);
      } catch (err) {
        release();
        if (!(err instanceof TransportFailure)) throw err;
        const outcomeUnknown = err.kind !== "not-sent" && call.method !== "GET";
        const retryable = isRetryableFailure(call.method, err.kind);
        if (retryable && !err.final && this.retriesLeft(ctx)) {
          uncertain ||= outcomeUnknown;
          await sleep(backoffDelay(ctx.attempts, retry, random));
          continue;
        }
        throw errorFromFailure(ctx, err.kind, err.error, {
          outcomeUnknown: outcomeUnknown || uncertain,
          timeoutMs: transport.timeoutMs,
        });
      }
      release();

      if (
        (res.status >= 200 && res.status < 300) ||
        (res.status === 404 && uncertain && call.notFoundAfterUncertainRetryIsSuccess)
      ) {
        return { status: res.status, text: res.text };
      }
      if (res.status === 429) {
        // The request was refused before processing: safe to repeat for any method.
        // Attempts spent here do not count against maxAttempts; the wait budget bounds them.
        ctx.attempts--;
        last429 = res;
        rateLimitRetries++;
        const delay = parseRetryAfter(res.headers["retry-after"]) || backoffDelay(rateLimitRetries, retry, random) || 1;
        // Closed even when this request gives up: the account's other requests must hold off too.
        gate.closeFor(delay);
        if (waitedMs + delay > retry.maxRateLimitWaitMs || rateLimitRetries > MAX_RATE_LIMIT_RETRIES) {
          throw this.rateLimitError(ctx, res, delay, waitedMs);
        }
        continue;
      }
      if (isRetryableStatus(call.method, res.status) && this.retriesLeft(ctx)) {
        uncertain ||= call.method !== "GET";
        await sleep(backoffDelay(ctx.attempts, retry, random));
        continue;
      }
      // A write that got a 5xx may have been applied before the service failed. A 4xx is
      // the service's verdict on the last attempt and stands on its own.
      const outcomeUnknown = res.status >= 500 && call.method !== "GET";
      throw errorFromResponse(ctx, res.status, res.text, { outcomeUnknown });
    }
  }

  private retriesLeft(ctx: RequestContext): boolean {
    return ctx.attempts < this.#deps.retry.maxAttempts;
  }

  private rateLimitError(
    ctx: RequestContext,
    res: WireResponse | undefined,
    stillMs: number,
    waitedMs: number,
  ): UptimeError {
    return errorFromResponse({ ...ctx, attempts: Math.max(ctx.attempts, 1) }, 429, res?.text ?? "", {
      retryAfterSeconds: Math.ceil(stillMs / 1000),
      waitedMs,
      maxWaitMs: this.#deps.retry.maxRateLimitWaitMs,
    });
  }
}
