/** Handlers of /api/v1/incidents, including the monitor status moves incidents cause. */
import { createdReply, deletedReply, notFoundReply, showReply, validationReply, type Reply } from "../respond";
import { pageEnvelope } from "../pagination";
import { presentIncident } from "../present";
import { validateIncidentStore, validateIncidentUpdate } from "../validate/incident";
import { validateIncidentList } from "../validate/list-query";
import type { StoreTx } from "../store";
import type { ApiContext } from "./context";

/** GET /api/v1/incidents */
export async function incidentListRoute(ctx: ApiContext): Promise<Reply> {
  const v = validateIncidentList(ctx.query, ctx.fallbackPerPage);
  if (!v.ok) return validationReply(v.errors);
  const page = await ctx.read((tx) => tx.listIncidents(ctx.account.id, v.query));
  return {
    status: 200,
    body: pageEnvelope(page.rows.map(presentIncident), page.total, v.paging, ctx.endpointUrl, ctx.query),
  };
}

/** GET /api/v1/incidents/{id} */
export async function incidentShowRoute(ctx: ApiContext): Promise<Reply> {
  const i = await ctx.read((tx) => tx.findIncident(ctx.account.id, ctx.id));
  return i ? showReply(presentIncident(i)) : notFoundReply();
}

/** POST /api/v1/incidents: an ongoing incident takes an online or pending monitor offline. */
export function incidentStoreRoute(ctx: ApiContext): Promise<Reply> {
  return ctx.store.run(async (tx) => {
    const v = await validateIncidentStore(ctx.input, {
      timeZone: ctx.account.timeZone,
      now: ctx.now,
      findMonitor: (id) => tx.findMonitor(ctx.account.id, id),
      hasOngoingIncident: (id) => tx.hasOngoingIncident(id),
      latestEndedAt: (id) => tx.latestEndedAt(id),
    });
    if (!v.ok) return validationReply(v.errors);
    const incident = await tx.insertIncident(ctx.account.id, v.monitor.id, v.fields, ctx.now);
    // An incident stored already ended is history: it moves no status.
    if (incident.ended_at === null && (v.monitor.status === "online" || v.monitor.status === "pending")) {
      await tx.updateMonitor(v.monitor.id, { status: "offline" }, ctx.now);
    }
    return createdReply(presentIncident(incident));
  });
}

/** PUT or PATCH /api/v1/incidents/{id}: ending an incident brings its monitor back online unless paused. */
export function incidentUpdateRoute(ctx: ApiContext): Promise<Reply> {
  return ctx.store.run(async (tx) => {
    const existing = await tx.findIncident(ctx.account.id, ctx.id);
    if (!existing) return notFoundReply();
    const v = validateIncidentUpdate(ctx.input, existing, { timeZone: ctx.account.timeZone, now: ctx.now });
    if (!v.ok) return validationReply(v.errors);
    if (Object.keys(v.changes).length === 0) return showReply(presentIncident(existing));
    const incident = await tx.updateIncident(existing.id, v.changes, ctx.now);
    if (existing.ended_at === null && incident.ended_at !== null) await bringOnline(ctx, tx, incident.monitor_id);
    return showReply(presentIncident(incident));
  });
}

/**
 * DELETE /api/v1/incidents/{id}. Deleting the ongoing incident also brings an offline
 * monitor back online: the service's next check would, and this server does not check.
 */
export function incidentDeleteRoute(ctx: ApiContext): Promise<Reply> {
  return ctx.store.run(async (tx) => {
    const existing = await tx.findIncident(ctx.account.id, ctx.id);
    if (!existing || !(await tx.deleteIncident(ctx.account.id, ctx.id))) return notFoundReply();
    if (existing.ended_at === null) await bringOnline(ctx, tx, existing.monitor_id);
    return deletedReply(ctx.id, "incident");
  });
}

async function bringOnline(ctx: ApiContext, tx: StoreTx, monitorId: number): Promise<void> {
  const m = await tx.findMonitor(ctx.account.id, monitorId);
  if (m && m.status === "offline") await tx.updateMonitor(m.id, { status: "online" }, ctx.now);
}
