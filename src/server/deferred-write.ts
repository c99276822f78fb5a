/**
 * Deferred writes: a test's way to make "the store is still in flight while the client
 * looks it up" a state it sets up rather than a race it hopes to win. The next write that
 * matches is received in full and its connection dropped at once (the client sees a
 * write whose outcome is unknown), but the write is kept, unhandled. It is handled (and
 * committed, or refused) right after the next matching read has been handled and before
 * that read's answer is sent: the read misses it, and everything the client does after
 * reading the answer finds it committed.
 */
import type { DeferredWrite, DeferWriteOptions } from "./types";

interface Pending {
  options: DeferWriteOptions;
  /** Set once the write has arrived: handles it and returns its status. */
  run?: () => Promise<number>;
  settle: (status: number) => void;
}

/** The deferred writes of one server; the pipeline asks it about every request. */
export class DeferredWrites {
  private readonly pending: Pending[] = [];

  /** Defers the next write matching `options`; see {@link DeferredWrite}. */
  add(options: DeferWriteOptions): DeferredWrite {
    let settle!: (status: number) => void;
    const handled = new Promise<number>((resolve) => (settle = resolve));
    this.pending.push({ options, settle });
    return { handled };
  }

  /**
   * Called with every request once its body is read. When it is the write a deferral is
   * waiting for, keeps `run` to handle it later and returns true: the caller drops the
   * connection without an answer.
   */
  catchWrite(method: string, path: string, run: () => Promise<number>): boolean {
    const p = this.pending.find(
      (d) => !d.run && d.options.method === method.toUpperCase() && d.options.path.test(path),
    );
    if (!p) return false;
    p.run = run;
    return true;
  }

  /** Called after a request was handled, before its answer is sent: handles the writes waiting for it. */
  async afterHandled(method: string, path: string): Promise<void> {
    const due = this.pending.filter(
      (d) => d.run && d.options.until.method === method.toUpperCase() && d.options.until.path.test(path),
    );
    for (const d of due) {
      this.pending.splice(this.pending.indexOf(d), 1);
      d.settle(await d.run!());
    }
  }
}
