/**
 * Stale reads: the fault of a service whose reads go to a replica that lags its writes.
 * With a lag of N ms, each account's show and list answer for N ms after each of its
 * writes as they did before that write: a monitor just stored is absent from the list
 * and its show is a 404, one just changed shows its old fields, one just deleted is still
 * there. Writes themselves (their checks included: a name taken, a monitor's ongoing
 * incident) always see the latest data, as a primary does. Other accounts are unaffected.
 *
 * How: while an account has writes younger than N ms, its reads are served from a copy
 * of its rows (the replica, a schema beside the tables: store.ts). The first write of
 * such a period copies the rows as they are before it; every write that succeeds then
 * takes a snapshot of the account's rows after it, which the replica takes over N ms
 * later (when a read comes). Once no write is younger than N ms, reads go to the tables
 * again. Snapshots are taken one after another, each after its write committed, so none
 * shows a write earlier than N ms after it.
 *
 * Checks (the server's checker) write the tables directly: while an account's reads are
 * served from the replica, their results show only with the next write's snapshot.
 */
import type { AccountSnapshot, Store, StoreTx } from "./store";

/** The largest lag accepted, in ms. */
export const MAX_STALE_READS_MS = 600_000;

/** The lag `ms` stands for (0: off). @throws when it is not a whole number from 0 to {@link MAX_STALE_READS_MS}. */
export function checkStaleReadsMs(ms: number | undefined): number {
  const v = ms ?? 0;
  if (!Number.isInteger(v) || v < 0 || v > MAX_STALE_READS_MS)
    throw new Error(`staleReadsMs must be a whole number of ms from 0 to ${MAX_STALE_READS_MS}`);
  return v;
}

/** The lag state of one account. */
interface AccountLag {
  /** Snapshots after writes, oldest first, each with the time the replica takes it over. */
  pending: { visibleAt: number; snapshot: AccountSnapshot }[];
  /** Writes begun whose snapshot is not yet in `pending`. */
  writing: number;
  /** Resolves once the replica holds the account's rows as before the period's first write. */
  ready: Promise<void>;
  /** Snapshots are taken in this chain, one after another. */
  chain: Promise<void>;
}

/** The stale-reads fault of one server. */
export class StaleReads {
  private lagMs = 0;
  private laggedReads = 0;
  private readonly lagging = new Map<string, AccountLag>();
  private replica?: Promise<void>;

  /** `ms` of lag (undefined or 0: off); `clock` is monotonic, in ms. */
  constructor(
    private readonly store: Store,
    ms: number | undefined,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.set(ms);
  }

  /** The lag in ms; 0 when off. */
  get ms(): number {
    return this.lagMs;
  }

  /**
   * Reads answered from the replica so far: inside a lag window, a write younger than the lag.
   * What a test of the fault counts to know that its reads did meet the lag.
   */
  get readsInWindow(): number {
    return this.laggedReads;
  }

  /**
   * Replaces the lag; undefined or 0 turns the fault off. Either way every write so far
   * becomes visible at once. Throws on anything but a whole number from 0 to 600,000.
   */
  set(ms: number | undefined): void {
    this.lagMs = checkStaleReadsMs(ms);
    this.lagging.clear();
  }

  /**
   * Called before a write of `account` is handled; returns what to call after it with the
   * status it was answered (or undefined when it threw).
   */
  async beforeWrite(account: string): Promise<(status: number | undefined) => Promise<void>> {
    if (this.lagMs === 0) return async () => undefined;
    const lagMs = this.lagMs;
    let lag = this.lagging.get(account);
    if (!lag) {
      const ready = (this.replica ??= this.store.prepareReplica())
        .then(() => this.store.snapshotAccount(account))
        .then((before) => this.store.loadReplica(account, before));
      lag = { pending: [], writing: 0, ready, chain: ready };
      this.lagging.set(account, lag);
    }
    const current = lag;
    current.writing++;
    try {
      await current.ready;
    } catch (err) {
      current.writing--;
      if (this.lagging.get(account) === current) this.lagging.delete(account);
      throw err;
    }
    return (status) => {
      const step = current.chain.then(async () => {
        try {
          // A refused write changed nothing: no snapshot needed.
          if (status !== undefined && status >= 200 && status < 300 && this.lagging.get(account) === current) {
            const snapshot = await this.store.snapshotAccount(account);
            current.pending.push({ visibleAt: this.clock() + lagMs, snapshot });
          }
        } finally {
          current.writing--;
        }
      });
      current.chain = step.catch(() => undefined);
      return step;
    };
  }

  /**
   * Runs a read of `account`: on the tables, or on the replica while the account has a
   * write younger than the lag.
   */
  async read<T>(account: string, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const lag = this.lagging.get(account);
    if (!lag) return this.store.run(fn);
    await lag.ready;
    const now = this.clock();
    let due = 0;
    while (due < lag.pending.length && lag.pending[due].visibleAt <= now) due++;
    if (due > 0) {
      const latest = lag.pending[due - 1].snapshot;
      lag.pending.splice(0, due);
      await this.store.loadReplica(account, latest);
    }
    if (lag.pending.length === 0 && lag.writing === 0) {
      // Every write is older than the lag: the replica has caught up.
      if (this.lagging.get(account) === lag) this.lagging.delete(account);
      return this.store.run(fn);
    }
    this.laggedReads++;
    return this.store.runOnReplica(fn);
  }
}
