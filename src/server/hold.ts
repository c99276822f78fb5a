/**
 * Holds: a test's way to stop a client at a chosen point. A hold lets the first `after`
 * matching requests through, then keeps every later one received but unhandled until the
 * test releases it, so "k answered, some in flight, the rest never sent" is a state the
 * test sets up rather than a race it hopes to win.
 */
import type { Hold, HoldOptions } from "./types";

/** What the pipeline does with a request the hold let go. */
type HoldOutcome = "handle" | "drop";

interface Waiter {
  settle: (outcome: HoldOutcome) => void;
  /** Resolves when the pipeline has finished with the request (answered or dropped). */
  finished: Promise<void>;
  finish: () => void;
}

/** One active hold. */
class ActiveHold implements Hold {
  private passedCount = 0;
  private readonly waiters: Waiter[] = [];
  private released = false;
  private readonly heldListeners: Array<() => void> = [];

  constructor(private readonly options: HoldOptions) {
    if (options.after !== undefined && !(Number.isInteger(options.after) && options.after >= 0)) {
      throw new Error("hold.after must be a non-negative integer");
    }
  }

  /** False once released: a finished hold catches nothing more. */
  get active(): boolean {
    return !this.released;
  }

  matches(method: string, path: string): boolean {
    const o = this.options;
    if (o.methods && !o.methods.includes(method.toUpperCase())) return false;
    return !o.path || o.path.test(path);
  }

  /** Called by the pipeline for a matching request; resolves with what to do with it. */
  enter(): { outcome: Promise<HoldOutcome>; done: () => void } {
    if (this.passedCount < (this.options.after ?? 0)) {
      this.passedCount++;
      return { outcome: Promise.resolve("handle"), done: () => undefined };
    }
    let settle!: (o: HoldOutcome) => void;
    let finish!: () => void;
    const outcome = new Promise<HoldOutcome>((r) => (settle = r));
    const finished = new Promise<void>((r) => (finish = r));
    this.waiters.push({ settle, finished, finish });
    for (const l of this.heldListeners.splice(0)) l();
    return { outcome, done: finish };
  }

  passed(): number {
    return this.passedCount;
  }

  held(): number {
    return this.released ? 0 : this.waiters.length;
  }

  async waitHeld(n: number, timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.held() < n) {
      const left = until - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${n} held request(s); ${this.held()} held, ${this.passedCount} let through`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.heldListeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async release(how: HoldOutcome = "handle"): Promise<void> {
    this.released = true;
    const waiting = this.waiters.splice(0);
    for (const w of waiting) w.settle(how);
    await Promise.all(waiting.map((w) => w.finished));
  }
}

/** The holds of one server; the pipeline asks it about every /api/v1 request. */
export class Holds {
  private readonly holds: ActiveHold[] = [];

  /** Starts a hold; see {@link Hold}. */
  add(options: HoldOptions): Hold {
    const hold = new ActiveHold(options);
    // Finished holds are forgotten here, so the list stays as short as the test's holds.
    for (let i = this.holds.length - 1; i >= 0; i--) if (!this.holds[i].active) this.holds.splice(i, 1);
    this.holds.push(hold);
    return hold;
  }

  /**
   * Waits while a hold keeps this request, then says what to do with it. Call `done`
   * when the request is answered or dropped, so that `release` can report completion.
   */
  async pass(method: string, path: string): Promise<{ outcome: HoldOutcome; done: () => void }> {
    const hold = this.holds.find((h) => h.active && h.matches(method, path));
    if (!hold) return { outcome: "handle", done: () => undefined };
    const entry = hold.enter();
    return { outcome: await entry.outcome, done: entry.done };
  }
}
