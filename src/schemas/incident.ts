/**
 * Incident schemas in the API's own field names: store and update bodies, and the
 * incident as instances return it.
 */
import { z } from "zod";
import { INCIDENT_STATUSES, LIMITS } from "./values";
import { ALWAYS, localDateTime, looseInt, optionalLocalDateTime, stringOrNull, text } from "./common";
import { isLocalDateTime, localDateTimeToEpoch } from "../util/time";
import { field } from "./fields";

const incidentFields = {
  monitor_id: field(
    z
      .number({ error: (iss) => (iss.input === undefined ? "is required" : "expected a monitor id (a number)") })
      .int({ error: "expected a whole number" })
      .positive({ error: "must be a positive monitor id" }),
    "Id of the monitor the incident belongs to. Store only.",
    { once: "store" },
  ),
  started_at: field(
    localDateTime,
    "When the incident started, Y-m-dTH:i:s in the account's time zone; not in the future. Store only.",
    { once: "store" },
  ),
  acknowledged_at: field(optionalLocalDateTime, "When it was acknowledged. Written once: the first value wins.", {
    once: "first",
  }),
  ended_at: field(
    optionalLocalDateTime,
    "When it ended; after started_at and not in the future. Written once: the first value wins.",
    { once: "first" },
  ),
  cause: field(text(LIMITS.cause), "Cause of the incident."),
  comment: field(text(LIMITS.comment), "Comment on the incident."),
};

// Runs even when other fields failed (ALWAYS), so every value is type-checked here.
function timeOrder(
  i: { started_at?: unknown; acknowledged_at?: unknown; ended_at?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!i || typeof i !== "object" || !isLocalDateTime(i.started_at)) return;
  const start = localDateTimeToEpoch(i.started_at);
  if (isLocalDateTime(i.ended_at) && localDateTimeToEpoch(i.ended_at) <= start) {
    ctx.addIssue({ code: "custom", path: ["ended_at"], message: `must be after started_at (${i.started_at})` });
  }
  if (isLocalDateTime(i.acknowledged_at) && localDateTimeToEpoch(i.acknowledged_at) <= start) {
    ctx.addIssue({ code: "custom", path: ["acknowledged_at"], message: `must be after started_at (${i.started_at})` });
  }
}

/** Body of `POST /api/v1/incidents`: monitor_id and started_at required. */
export const incidentCreateSchema = z
  .object({
    monitor_id: incidentFields.monitor_id,
    started_at: incidentFields.started_at,
    acknowledged_at: incidentFields.acknowledged_at.optional(),
    ended_at: incidentFields.ended_at.optional(),
    cause: incidentFields.cause.optional(),
    comment: incidentFields.comment.optional(),
  })
  .superRefine(timeOrder, ALWAYS);

/**
 * Body of `PUT|PATCH /api/v1/incidents/{id}`. `acknowledged_at` and `ended_at` are
 * written only while empty; `null` clears `cause` or `comment`.
 */
export const incidentUpdateSchema = z.object({
  acknowledged_at: incidentFields.acknowledged_at.optional(),
  ended_at: incidentFields.ended_at.optional(),
  cause: incidentFields.cause.nullable().optional(),
  comment: incidentFields.comment.nullable().optional(),
});

/** Input of an incident store. */
export type IncidentCreateInput = z.input<typeof incidentCreateSchema>;
/** Input of an incident update. */
export type IncidentUpdateInput = z.input<typeof incidentUpdateSchema>;

/** An incident as instances return it, parsed tolerantly. */
export const incidentResponseSchema = z
  .looseObject({
    id: looseInt,
    monitor_id: looseInt,
    status: z.string().nullish(),
    started_at: z.string(),
    acknowledged_at: stringOrNull,
    ended_at: stringOrNull,
    cause: stringOrNull,
    comment: stringOrNull,
    created_at: stringOrNull.optional(),
    updated_at: stringOrNull.optional(),
  })
  .transform((i) => ({ ...i, status: i.status ?? deriveIncidentStatus(i) }));

/** The service's rule: resolved if ended, else acknowledged if acknowledged, else unresolved. */
export function deriveIncidentStatus(i: {
  acknowledged_at?: string | null;
  ended_at?: string | null;
}): (typeof INCIDENT_STATUSES)[number] {
  if (i.ended_at) return "resolved";
  if (i.acknowledged_at) return "acknowledged";
  return "unresolved";
}

/** An incident as the client returns it; dates as for `Monitor`. */
export type Incident = z.infer<typeof incidentResponseSchema>;
/** Date fields of an incident response. */
export const INCIDENT_DATE_FIELDS = ["started_at", "acknowledged_at", "ended_at", "created_at", "updated_at"] as const;
