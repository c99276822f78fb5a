/**
 * The checker: checks each monitor of the configured accounts at its interval (a tick
 * looks for due monitors), or all of them at once when a round is asked for. At most
 * `concurrency` checks run at a time, each bounded by its own deadline, so a target that
 * hangs holds one slot for at most `timeoutMs` and never the others. A monitor is never
 * checked twice at once: a round waits for a check already under way.
 *
 * A monitor's next check is due one interval (divided by `timeScale`) after the previous
 * one was due, so a late check does not push the schedule back; one that fell a whole
 * interval behind starts again from now. The due time is stored, so a durable server
 * that is restarted goes on where it stopped.
 */
import { setMaxListeners } from "node:events";
import { Limiter } from "../../client/concurrency";
import type { Store } from "../store";
import type { MonitorRecord } from "../store";
import type { CheckEvent, CheckRound } from "../types";
import type { CheckerSettings } from "./checker-settings";
import { probe } from "../../probe/probe";
import { recordResult } from "./record";
import { fingerprint, targetOf } from "./monitor-target";

/** What the checker needs from its server. */
export interface CheckerDeps {
  store: Store;
  /** Storage ids of the accounts whose monitors are checked. */
  accounts: readonly string[];
  now: () => number;
  log: (line: string) => void;
}

/** Checks monitors on a schedule and on demand. */
export class Checker {
  private readonly limiter: Limiter;
  private readonly inFlight = new Map<number, Promise<CheckEvent | undefined>>();
  private readonly closing = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly deps: CheckerDeps,
    readonly settings: CheckerSettings,
  ) {
    this.limiter = new Limiter(settings.concurrency);
    // Every check under way listens for the close: as many listeners as checks.
    setMaxListeners(0, this.closing.signal);
  }

  /** Starts the schedule (when it is on). */
  start(): void {
    if (this.settings.schedule) this.arm();
  }

  /** Checks every checkable monitor now; resolves when all are recorded. */
  async runRound(): Promise<CheckRound> {
    const started = performance.now();
    const now = this.deps.now();
    const monitors = await this.deps.store.run((tx) => tx.checkableMonitors(this.deps.accounts, now, false));
    const events = await Promise.all(monitors.map((m) => this.inFlight.get(m.id) ?? this.check(m, now)));
    const done = events.filter((e): e is CheckEvent => e !== undefined);
    const recorded = done.filter((e) => e.outcome === "recorded");
    return {
      checked: done.length,
      up: recorded.filter((e) => e.up).length,
      down: recorded.filter((e) => !e.up).length,
      dropped: done.length - recorded.length,
      ms: Math.round(performance.now() - started),
    };
  }

  /** Stops the schedule, cuts checks under way short and waits until nothing is left running. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.closing.abort();
    await this.ticking;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private arm(): void {
    if (this.closing.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
        this.arm();
      });
    }, this.settings.tickMs);
    this.timer.unref();
  }

  /** Starts a check of every due monitor that is not being checked already. */
  private async tick(): Promise<void> {
    try {
      const now = this.deps.now();
      const due = await this.deps.store.run((tx) => tx.checkableMonitors(this.deps.accounts, now, true));
      for (const m of due) if (!this.inFlight.has(m.id)) void this.check(m, m.next_check_at ?? now);
    } catch (err) {
      if (!this.closing.signal.aborted) this.deps.log(`checker: could not read due monitors: ${String(err)}`);
    }
  }

  /** Checks one monitor (after waiting for a slot) and records the result. */
  private check(m: MonitorRecord, dueAt: number): Promise<CheckEvent | undefined> {
    const run = (async (): Promise<CheckEvent | undefined> => {
      const release = await this.limiter.acquire();
      try {
        if (this.closing.signal.aborted) return undefined;
        const target = targetOf(m);
        const startedAt = this.deps.now();
        const result = await probe(target, this.settings, this.closing.signal);
        const finishedAt = this.deps.now();
        const outcome = this.closing.signal.aborted
          ? "closing"
          : await recordResult(
              this.deps.store,
              {
                account: m.account,
                monitorId: m.id,
                checked: fingerprint(target),
                now: finishedAt,
                nextCheckAt: this.nextDue(m, dueAt, finishedAt),
              },
              result,
            );
        const event: CheckEvent = {
          monitorId: m.id,
          dueAt,
          startedAt,
          finishedAt,
          up: result.up,
          result: result.result,
          outcome,
        };
        this.report(event);
        return event;
      } catch (err) {
        if (!this.closing.signal.aborted) this.deps.log(`checker: monitor ${m.id}: ${String(err)}`);
        return undefined;
      } finally {
        release();
      }
    })();
    this.inFlight.set(m.id, run);
    void run.finally(() => {
      if (this.inFlight.get(m.id) === run) this.inFlight.delete(m.id);
    });
    return run;
  }

  /** One period after it was due; from now when the schedule fell a whole period behind. */
  private nextDue(m: MonitorRecord, dueAt: number, now: number): number {
    const period = (m.interval * 1000) / this.settings.timeScale;
    const next = dueAt + period;
    return next > now ? next : now + period;
  }

  private report(event: CheckEvent): void {
    try {
      this.settings.onCheck?.(event);
    } catch (err) {
      this.deps.log(`checker: onCheck threw: ${String(err)}`);
    }
  }
}
