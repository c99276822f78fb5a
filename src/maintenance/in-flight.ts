/**
 * Runs one write per monitor with a fixed number in flight, the monitors handed over as
 * the list's pages arrive: a page's writes start while later pages are still being read.
 * The client already bounds what reaches the service; this keeps a selection of thousands
 * from holding thousands of pending calls (and their garbage) in the process at once.
 */

/** At most this many of a command's writes are pending at once: the client's own default limit. */
const WRITES_IN_FLIGHT = 8;

/** A queue of items `fn` runs on, at most `limit` at a time, in the order they were pushed. */
export class InFlightQueue<T> {
  readonly #fn: (item: T) => Promise<void>;
  readonly #limit: number;
  #items: T[] = [];
  #running = 0;
  #error: { err: unknown } | undefined;
  #settled: (() => void) | undefined;

  /** `fn` should not throw; if it does, the first error is rethrown by `finish`. */
  constructor(fn: (item: T) => Promise<void>, limit = WRITES_IN_FLIGHT) {
    this.#fn = fn;
    this.#limit = limit;
  }

  /** Queues `items`; they start as slots free up. */
  push(items: readonly T[]): void {
    this.#items.push(...items);
    this.#pump();
  }

  /** Resolves once every item pushed has settled; no item may be pushed after it. */
  async finish(): Promise<void> {
    if (this.#running > 0 || this.#items.length > 0) await new Promise<void>((r) => (this.#settled = r));
    if (this.#error) throw this.#error.err;
  }

  #pump(): void {
    while (this.#running < this.#limit && this.#items.length > 0) {
      const item = this.#items.shift()!;
      this.#running++;
      this.#fn(item)
        .catch((err: unknown) => void (this.#error ??= { err }))
        .finally(() => {
          this.#running--;
          this.#pump();
        });
    }
    if (this.#running === 0 && this.#items.length === 0) this.#settled?.();
  }
}
