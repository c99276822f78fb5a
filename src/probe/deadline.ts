/**
 * A check's deadline: ends once, with a reason, and tells whoever listens. An
 * AbortController did this, but its EventTarget cost a run of 1,000 checks several
 * percent of its CPU time, for a signal that never leaves the check.
 */
export class Deadline {
  private ended: Error | undefined;
  private readonly listeners = new Set<() => void>();

  /** True once ended. */
  get isOver(): boolean {
    return this.ended !== undefined;
  }

  /** Why it ended, once it has. */
  get reason(): Error | undefined {
    return this.ended;
  }

  /** Ends it (the first reason wins) and calls every listener once. */
  end(reason: Error): void {
    if (this.ended) return;
    this.ended = reason;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
  }

  /** Calls `listener` when it ends; returns what stops that. */
  onEnd(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
