/**
 * Request pacing: spaces the requests of every client that shares a pacer so that they
 * stay under a number per minute. The service limits each account (120 a minute on the
 * real one); stacks that run at once against one account each get a share of it and
 * stay inside their share instead of running into 429s and waiting out Retry-After.
 *
 * Slots are handed out in order, `interval` apart, on a fixed schedule: a request that
 * finds the pacer idle goes at once, the next one `interval` later. There is no burst
 * allowance, because the service counts in fixed windows and a burst at a window's edge
 * would spend two windows' budget at once.
 */
import { gateKey } from "./rate-gate";

/**
 * Margin on the spacing. The service counts a request when it arrives, the client when it
 * leaves; a little slack keeps network jitter from putting one request too many in a window.
 */
export const PACING_MARGIN = 1.01;

/** Hands out send times at most `requestsPerMinute` a minute. */
export class Pacer {
  /** Milliseconds between two requests. */
  readonly intervalMs: number;
  private nextAt = 0;

  /**
   * @param requestsPerMinute The most requests a minute, a positive number.
   * @param now The clock in epoch milliseconds, looked up at each call so a test's fake clock is read.
   */
  constructor(
    readonly requestsPerMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    if (!(requestsPerMinute > 0)) throw new RangeError(`requestsPerMinute must be positive; got ${requestsPerMinute}`);
    this.intervalMs = (60_000 / requestsPerMinute) * PACING_MARGIN;
  }

  /**
   * Takes the next slot and returns its time (epoch ms). Synchronous, so requests that
   * ask at the same moment get distinct slots in the order they asked.
   */
  reserve(): number {
    const at = Math.max(this.now(), this.nextAt);
    this.nextAt = at + this.intervalMs;
    return at;
  }

  /** Waits until the next slot. */
  async wait(): Promise<void> {
    const at = this.reserve();
    // A timer may fire a millisecond early: wait again until the slot has really come.
    for (let left = at - this.now(); left > 0; left = at - this.now()) await sleep(left);
  }
}

/** Waits on the global `setTimeout`, the one a fake clock replaces. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.ceil(ms)));
}

const pacers = new Map<string, Pacer>();

/**
 * The process-wide pacer of one account and rate: every client built with the same base
 * URL, API key and `requestsPerMinute` (the clients of one provider, whatever resource or
 * function they serve) shares it, so their requests together stay under the rate. The key
 * holds a hash of the API key, never the key.
 */
export function pacerFor(baseUrl: string, apiKey: string, requestsPerMinute: number): Pacer {
  const key = `${gateKey(baseUrl, apiKey)}@${requestsPerMinute}`;
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new Pacer(requestsPerMinute);
    pacers.set(key, pacer);
  }
  return pacer;
}
