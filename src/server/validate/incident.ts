/**
 * Incident store/update validation. Dates are wall time in the account's zone; "not in
 * the future" uses the server's clock. On update `acknowledged_at` and `ended_at` are
 * written only while empty: the first value wins and later values are ignored silently.
 */
import { formatLocalDateTime } from "../../util/time";
import { LIMITS } from "../../schemas/values";
import type { FieldErrors } from "../respond";
import type { IncidentFields, IncidentRecord, MonitorRecord } from "../store";
import { messages } from "./messages";
import { ErrorBag, checkDate, checkString, filled, present, rejectUnknown, toInteger } from "./rules";

/** Fields an incident store accepts. */
const INCIDENT_STORE_FIELDS = ["monitor_id", "started_at", "acknowledged_at", "ended_at", "cause", "comment"] as const;

/** What store validation needs to look up. */
interface IncidentStoreContext {
  /** Account time zone of date inputs. */
  timeZone: string;
  /** Current time, epoch ms. */
  now: number;
  /** The account's monitor `id`, if any. */
  findMonitor(id: number): Promise<MonitorRecord | undefined>;
  /** True when the monitor has an unended incident. */
  hasOngoingIncident(monitorId: number): Promise<boolean>;
  /** Latest `ended_at` of the monitor's incidents. */
  latestEndedAt(monitorId: number): Promise<number | null>;
}

/** A valid store: the monitor and the columns; or the 422 messages. */
type IncidentStoreValidation =
  { ok: true; monitor: MonitorRecord; fields: IncidentFields } | { ok: false; errors: FieldErrors };

/** A valid update: the columns that change; or the 422 messages. */
type IncidentUpdateValidation = { ok: true; changes: Partial<IncidentFields> } | { ok: false; errors: FieldErrors };

/** Adds an error unless `t` is at or before now. */
function notFuture(bag: ErrorBag, field: string, t: number | undefined, now: number): void {
  if (t !== undefined && t > now) bag.add(field, messages.notFuture(field));
}

/** Optional text: null clears, else a string of at most `max`. */
function optionalText(
  bag: ErrorBag,
  input: Record<string, unknown>,
  field: "cause" | "comment",
  max: number,
): string | null | undefined {
  if (!present(input, field)) return undefined;
  if (input[field] === null) return null;
  return checkString(bag, field, input[field], max);
}

/** Validates an incident store request. */
export async function validateIncidentStore(
  input: Record<string, unknown>,
  ctx: IncidentStoreContext,
): Promise<IncidentStoreValidation> {
  const bag = new ErrorBag();
  rejectUnknown(bag, input, INCIDENT_STORE_FIELDS);

  let monitor: MonitorRecord | undefined;
  if (!filled(input.monitor_id)) bag.add("monitor_id", messages.required("monitor_id"));
  else {
    const id = toInteger(input.monitor_id);
    if (id === undefined) bag.add("monitor_id", messages.integer("monitor_id"));
    else {
      // Another account's monitor is as invalid as a missing one.
      monitor = id > 0 && id <= 2_147_483_647 ? await ctx.findMonitor(id) : undefined;
      if (!monitor) bag.add("monitor_id", messages.in("monitor_id"));
      else if (await ctx.hasOngoingIncident(monitor.id)) bag.add("monitor_id", messages.ongoingIncident());
    }
  }

  let started: number | undefined;
  if (!filled(input.started_at)) bag.add("started_at", messages.required("started_at"));
  else {
    started = checkDate(bag, "started_at", input.started_at, ctx.timeZone);
    notFuture(bag, "started_at", started, ctx.now);
    if (started !== undefined && monitor && !bag.has("monitor_id")) {
      const previousEnd = await ctx.latestEndedAt(monitor.id);
      if (previousEnd !== null && started <= previousEnd) {
        bag.add("started_at", messages.after("started_at", formatLocalDateTime(previousEnd, ctx.timeZone)));
      }
    }
  }

  const later: Partial<Record<"acknowledged_at" | "ended_at", number | null>> = {};
  for (const field of ["acknowledged_at", "ended_at"] as const) {
    if (!present(input, field) || input[field] === null) continue;
    const t = checkDate(bag, field, input[field], ctx.timeZone);
    if (t === undefined) continue;
    if (started !== undefined && t <= started) bag.add(field, messages.after(field, "started at"));
    notFuture(bag, field, t, ctx.now);
    later[field] = t;
  }

  const cause = optionalText(bag, input, "cause", LIMITS.cause);
  const comment = optionalText(bag, input, "comment", LIMITS.comment);

  if (!bag.empty || !monitor || started === undefined) return { ok: false, errors: bag.errors };
  return {
    ok: true,
    monitor,
    fields: {
      started_at: started,
      acknowledged_at: later.acknowledged_at ?? null,
      ended_at: later.ended_at ?? null,
      cause: cause ?? null,
      comment: comment ?? null,
    },
  };
}

/** Validates an incident update request against the stored incident. */
export function validateIncidentUpdate(
  input: Record<string, unknown>,
  existing: IncidentRecord,
  ctx: { timeZone: string; now: number },
): IncidentUpdateValidation {
  const bag = new ErrorBag();
  // started_at is accepted and ignored, as the service does.
  rejectUnknown(bag, input, [...INCIDENT_STORE_FIELDS]);
  // An update's monitor_id is refused. An empty one (`monitor_id=`, read as null) is no value,
  // as on every field, and passes; a blank one or an empty list is a value and is refused.
  // Laravel's `prohibited` would take those for empty too, but the description says "empty
  // only", and a client that sends spaces there has a bug worth hearing about.
  if (present(input, "monitor_id") && input.monitor_id !== null)
    bag.add("monitor_id", messages.prohibited("monitor_id"));

  const changes: Partial<IncidentFields> = {};
  for (const field of ["acknowledged_at", "ended_at"] as const) {
    if (!present(input, field) || input[field] === null) continue;
    const t = checkDate(bag, field, input[field], ctx.timeZone);
    // Written only while empty; once set, a new value is ignored without complaint.
    if (t === undefined || existing[field] !== null) continue;
    if (t <= existing.started_at) bag.add(field, messages.after(field, "started at"));
    notFuture(bag, field, t, ctx.now);
    changes[field] = t;
  }

  const cause = optionalText(bag, input, "cause", LIMITS.cause);
  const comment = optionalText(bag, input, "comment", LIMITS.comment);
  if (cause !== undefined && cause !== existing.cause) changes.cause = cause;
  if (comment !== undefined && comment !== existing.comment) changes.comment = comment;

  return bag.empty ? { ok: true, changes } : { ok: false, errors: bag.errors };
}
