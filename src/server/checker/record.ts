/**
 * What a check's result does to the stored monitor, in one transaction: the status moves
 * to `online` or `offline`; going down opens an incident whose cause is the result, and
 * coming back up ends the ongoing one. A monitor deleted, paused or changed while it was
 * being checked keeps nothing of the result: the check saw something that is gone.
 */
import { monitorStatus } from "../present";
import type { Store, StoreTx } from "../store";
import type { CheckEvent } from "../types";
import type { ProbeResult } from "../../probe/probe";
import { fingerprint, targetOf } from "./monitor-target";

/** Incident causes are at most 255 characters on the service. */
const CAUSE_MAX = 255;

/** Where the check came from and when its monitor is next due. */
export interface CheckContext {
  account: string;
  monitorId: number;
  /** Fingerprint of the target that was checked. */
  checked: string;
  /** Server time of the verdict. */
  now: number;
  /** When the monitor is next due if the result is recorded. */
  nextCheckAt: number;
}

/** Records `result`; answers what happened to it. */
export function recordResult(store: Store, ctx: CheckContext, result: ProbeResult): Promise<CheckEvent["outcome"]> {
  return store.run(async (tx) => {
    const m = await tx.findMonitor(ctx.account, ctx.monitorId);
    if (!m) return "deleted";
    const shown = monitorStatus(m, ctx.now);
    if (shown === "paused" || shown === "maintenance") return "paused";
    if (fingerprint(targetOf(m)) !== ctx.checked) return "changed";
    const status = result.up ? "online" : "offline";
    await moveIncident(tx, ctx, m.id, result);
    await tx.recordCheck(m.id, {
      status,
      // `started_at` of a monitor: since when it has been in its current state.
      started_at: m.status === status && m.started_at !== null ? m.started_at : ctx.now,
      checked_at: ctx.now,
      next_check_at: ctx.nextCheckAt,
      response_time: result.responseTimeMs,
      check_result: result.result,
      ssl_ends_at: result.sslEndsAt ?? m.ssl_ends_at,
    });
    return "recorded";
  });
}

/** Opens an incident on the way down, ends the ongoing one on the way up. */
async function moveIncident(tx: StoreTx, ctx: CheckContext, monitorId: number, result: ProbeResult): Promise<void> {
  const ongoing = await tx.ongoingIncident(monitorId);
  if (!result.up && !ongoing) {
    const cause = result.result.slice(0, CAUSE_MAX);
    await tx.insertIncident(
      ctx.account,
      monitorId,
      { started_at: ctx.now, acknowledged_at: null, ended_at: null, cause, comment: null },
      ctx.now,
    );
  } else if (result.up && ongoing) {
    // ended_at is after started_at, even on a clock that has not moved (tests pin it).
    await tx.updateIncident(ongoing.id, { ended_at: Math.max(ctx.now, ongoing.started_at + 1) }, ctx.now);
  }
}
