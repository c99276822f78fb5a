/** Handlers of /api/v1/monitors. */
import { createdReply, deletedReply, notFoundReply, showReply, validationReply, type Reply } from "../respond";
import { pageEnvelope } from "../pagination";
import { presentMonitor } from "../present";
import type { MonitorFields } from "../store";
import { validateMonitorList } from "../validate/list-query";
import { validateMonitor } from "../validate/monitor";
import type { ApiContext } from "./context";

/** GET /api/v1/monitors */
export async function monitorListRoute(ctx: ApiContext): Promise<Reply> {
  const v = validateMonitorList(ctx.query, ctx.fallbackPerPage);
  if (!v.ok) return validationReply(v.errors);
  // Monitors belong to no status page on this server, so the filter matches nothing for any id.
  const page =
    v.statusPageId !== undefined
      ? { rows: [], total: 0 }
      : await ctx.read((tx) => tx.listMonitors(ctx.account.id, v.query));
  const data = page.rows.map((m) => presentMonitor(m, ctx.now));
  return { status: 200, body: pageEnvelope(data, page.total, v.paging, ctx.endpointUrl, ctx.query) };
}

/** GET /api/v1/monitors/{id} */
export async function monitorShowRoute(ctx: ApiContext): Promise<Reply> {
  const m = await ctx.read((tx) => tx.findMonitor(ctx.account.id, ctx.id));
  return m ? showReply(presentMonitor(m, ctx.now)) : notFoundReply();
}

/**
 * POST /api/v1/monitors. A valid body whose name is free is stored in one statement that
 * checks the name as it inserts; anything else (an invalid body, a taken name) takes the
 * full validation in a transaction, whose answer names every problem at once.
 */
export async function monitorStoreRoute(ctx: ApiContext): Promise<Reply> {
  // Checked by the insert itself.
  const quick = await validateStore(ctx, () => Promise.resolve(false));
  if (quick.ok) {
    const m = await ctx.store.withoutTransaction((db) =>
      db.insertMonitorIfNameFree(ctx.account.id, quick.fields, ctx.now),
    );
    if (m) return createdReply(presentMonitor(m, ctx.now));
  }
  return ctx.store.run(async (tx) => {
    const v = await validateStore(ctx, (name) => tx.monitorNameTaken(ctx.account.id, name));
    if (!v.ok) return validationReply(v.errors);
    const m = await tx.insertMonitor(ctx.account.id, v.fields, ctx.now);
    return createdReply(presentMonitor(m, ctx.now));
  });
}

/** A create's validation, with `nameTaken` as the name check. */
function validateStore(ctx: ApiContext, nameTaken: (name: string) => Promise<boolean>) {
  return validateMonitor(ctx.input, {
    mode: "store",
    timeZone: ctx.account.timeZone,
    nameTaken,
    hasOngoingIncident: false,
  });
}

/** PUT or PATCH /api/v1/monitors/{id}: every field optional, plus `pause`. */
export function monitorUpdateRoute(ctx: ApiContext): Promise<Reply> {
  return ctx.store.run(async (tx) => {
    const existing = await tx.findMonitor(ctx.account.id, ctx.id);
    if (!existing) return notFoundReply();
    const v = await validateMonitor(ctx.input, {
      mode: "update",
      existing,
      timeZone: ctx.account.timeZone,
      nameTaken: (name) => tx.monitorNameTaken(ctx.account.id, name, existing.id),
      hasOngoingIncident: await tx.hasOngoingIncident(existing.id),
    });
    if (!v.ok) return validationReply(v.errors);
    const changes = changedFields(existing, v.fields);
    // Like Eloquent's save(), an update that changes nothing leaves updated_at alone.
    const m = Object.keys(changes).length > 0 ? await tx.updateMonitor(existing.id, changes, ctx.now) : existing;
    return showReply(presentMonitor(m, ctx.now));
  });
}

/** DELETE /api/v1/monitors/{id}: its incidents go with it. */
export async function monitorDeleteRoute(ctx: ApiContext): Promise<Reply> {
  const deleted = await ctx.store.run((tx) => tx.deleteMonitor(ctx.account.id, ctx.id));
  return deleted ? deletedReply(ctx.id, "monitor") : notFoundReply();
}

function changedFields(before: MonitorFields, after: MonitorFields): Partial<MonitorFields> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    const old = (before as unknown as Record<string, unknown>)[k];
    if (JSON.stringify(old) !== JSON.stringify(v)) out[k] = v;
  }
  return out as Partial<MonitorFields>;
}
