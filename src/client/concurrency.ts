/**
 * Process-wide limit on requests in flight per base URL. Pulumi runs many resource
 * operations at once, each with its own client; a per-client limit would not bound what
 * the service sees, so the limiter is shared through a module-level map.
 */

/** A counting semaphore with FIFO hand-over. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private limit: number) {}

  /** Requests in flight now. */
  get inFlight(): number {
    return this.active;
  }

  /** The current limit. */
  get max(): number {
    return this.limit;
  }

  /** Changes the limit; a higher one lets waiters in at once. */
  setLimit(limit: number): void {
    this.limit = limit;
    this.drain();
  }

  /** Waits for a slot; call the returned function exactly once to give it back. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.drain();
    };
  }

  private drain(): void {
    while (this.active < this.limit && this.waiting.length > 0) {
      // The slot passes straight to the waiter, so a newcomer cannot overtake it.
      this.active++;
      this.waiting.shift()!();
    }
  }
}

const limiters = new Map<string, Limiter>();

/**
 * The process-wide limiter of `baseUrl`. Clients of one base URL share it. A client
 * created with an explicit `maxConcurrency` sets the limit for all of them (the most
 * recent explicit setting wins, since two limits on one service could not both hold);
 * a client without one uses the limit in force, or `defaultLimit` for a new limiter.
 */
export function limiterFor(baseUrl: string, limit: number | undefined, defaultLimit: number): Limiter {
  let limiter = limiters.get(baseUrl);
  if (!limiter) {
    limiter = new Limiter(limit ?? defaultLimit);
    limiters.set(baseUrl, limiter);
  } else if (limit !== undefined && limiter.max !== limit) {
    limiter.setLimit(limit);
  }
  return limiter;
}
