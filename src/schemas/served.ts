/**
 * Response bodies exactly as the service sends them (docs/service-behaviour-notes.md), for the
 * OpenAPI description. The client parses responses with the tolerant schemas beside
 * these (monitor.ts, incident.ts, list.ts), because instances differ; these say what a
 * conforming instance, and the local server, must send. Field descriptions are the ones
 * the reference (docs/reference.md) shows, read from the same schemas.
 */
import { z } from "zod";
import {
  ALERT_CONDITIONS,
  CACHE_BUSTER_VALUES,
  EXPIRY_ALERT_DAYS,
  INCIDENT_STATUSES,
  INTERVALS,
  MONITOR_STATUSES,
  REQUEST_METHODS,
} from "./values";
import { incidentCreateSchema } from "./incident";
import { monitorCreateSchema } from "./monitor";
import { incidentComputedSchema, monitorComputedSchema } from "./resources";

type Shape = Record<string, z.ZodType>;

/** The description of `name` in the first of `shapes` that has it. */
function docOf(name: string, ...shapes: Shape[]): string {
  for (const shape of shapes) {
    const s = shape[name] as (z.ZodType & { description?: string; def: { innerType?: z.ZodType } }) | undefined;
    const d = s?.description ?? (s?.def.innerType as { description?: string } | undefined)?.description;
    if (d) return d;
  }
  throw new Error(`no field documentation for ${name}`);
}

const monitorDocs = [monitorCreateSchema.shape, monitorComputedSchema.shape] as Shape[];
const incidentDocs = [incidentCreateSchema.shape, incidentComputedSchema.shape] as Shape[];

/** A date as the service returns it: ISO-8601 in UTC, e.g. `2024-05-01T10:00:00.000000Z`. */
const servedDate = z.string().meta({ format: "date-time", examples: ["2024-05-01T10:00:00.000000Z"] });
const servedDateOrNull = servedDate.nullable();

/** A `{ key, value }` entry of a list field as returned. */
const servedPair = z.object({ key: z.string(), value: z.string() });

const m = (name: string, schema: z.ZodType) => schema.describe(docOf(name, ...monitorDocs));
const i = (name: string, schema: z.ZodType) => schema.describe(docOf(name, ...incidentDocs));

/** A monitor as show, store, update and list return it. The Basic-auth password never comes back. */
export const servedMonitorSchema = z.object({
  id: m("id", z.int().positive()),
  name: m("name", z.string()),
  url: m("url", z.string()),
  interval: m("interval", z.literal(INTERVALS)),
  status: m("status", z.enum(MONITOR_STATUSES)),
  alert_condition: m("alert_condition", z.enum(ALERT_CONDITIONS)),
  alert_text_lookup: m("alert_text_lookup", z.string().nullable()),
  request_method: m("request_method", z.enum(REQUEST_METHODS)),
  request_headers: m("request_headers", z.array(servedPair)),
  request_auth_username: m("request_auth_username", z.string().nullable()),
  cache_buster: m("cache_buster", z.literal(CACHE_BUSTER_VALUES)),
  ssl_alert_days: m("ssl_alert_days", z.literal(EXPIRY_ALERT_DAYS)),
  domain_alert_days: m("domain_alert_days", z.literal(EXPIRY_ALERT_DAYS)),
  maintenance_start_at: servedDateOrNull.describe("Start of the maintenance window, in UTC."),
  maintenance_end_at: servedDateOrNull.describe("End of the maintenance window, in UTC."),
  alerts: m("alerts", z.array(servedPair)),
  ssl_ends_at: servedDateOrNull.describe("When the SSL certificate expires, if the service knows."),
  domain_ends_at: servedDateOrNull.describe("When the domain name expires, if the service knows."),
  started_at: servedDateOrNull.describe("When checking started."),
  checked_at: servedDateOrNull.describe("When the monitor was last checked."),
  response_time: z.int().nonnegative().nullable().describe("How long the last check took, in milliseconds."),
  check_result: z.string().nullable().describe("What the last check saw."),
  created_at: servedDate.describe("When the monitor was created."),
  updated_at: servedDate.describe("When the monitor was last changed."),
});

/** An incident as show, store, update and list return it. */
export const servedIncidentSchema = z.object({
  id: i("id", z.int().positive()),
  monitor_id: i("monitor_id", z.int().positive()),
  status: i("status", z.enum(INCIDENT_STATUSES)),
  started_at: servedDate.describe("When the incident started, in UTC."),
  acknowledged_at: servedDateOrNull.describe("When it was acknowledged, in UTC."),
  ended_at: servedDateOrNull.describe("When it ended, in UTC."),
  cause: i("cause", z.string().nullable()),
  comment: i("comment", z.string().nullable()),
  created_at: servedDate.describe("When the record was created."),
  updated_at: servedDate.describe("When the record was last changed."),
});

/** Show, store and update: `{ data, status }`. */
export function servedItemSchema<T extends z.ZodType>(item: T, status: 200 | 201) {
  return z.object({ data: item, status: z.literal(status) });
}

const pageLink = z.object({
  url: z.string().nullable().describe("Where the page is, or null for a gap or an edge."),
  label: z.string().describe('A page number, "...", "&laquo; Previous" or "Next &raquo;".'),
  active: z.boolean().describe("True for the page returned."),
});

/** A page of a list: Laravel's resource envelope. */
export function servedPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item).describe("The items of this page."),
    links: z.object({
      first: z.string().describe("The first page."),
      last: z.string().describe("The last page."),
      prev: z.string().nullable().describe("The page before, or null on the first."),
      next: z.string().nullable().describe("The page after, or null on the last."),
    }),
    meta: z.object({
      current_page: z.int().positive().describe("This page's number, from 1."),
      from: z
        .int()
        .positive()
        .nullable()
        .describe("Position of the first item on this page, from 1; null when the page is empty."),
      last_page: z.int().positive().describe("The last page's number."),
      links: z.array(pageLink).describe("Numbered page links, as Laravel's paginator builds them."),
      path: z.string().describe("The list's URL without query."),
      per_page: z.int().positive().describe("Page size used."),
      to: z
        .int()
        .positive()
        .nullable()
        .describe("Position of the last item on this page; null when the page is empty."),
      total: z.int().nonnegative().describe("Items in the whole list."),
    }),
    status: z.literal(200),
  });
}

/** Body of a delete. */
export const servedDeletedSchema = z.object({
  id: z.int().positive().describe("Id of the deleted record."),
  object: z.enum(["monitor", "incident"]).describe("What was deleted."),
  deleted: z.literal(true),
  status: z.literal(200),
});

/** 422: every bad field with its messages; list entries under dot keys such as `alerts.0.value`. */
export const servedValidationErrorSchema = z.object({
  message: z
    .record(z.string(), z.array(z.string()).min(1))
    .describe("Field name (dot keys for list entries, e.g. `alerts.0.value`) to its messages."),
  status: z.literal(422),
});

/** Errors with a plain message: 400, 403, 404, 413, 415, 429. */
export const servedMessageErrorSchema = z.object({
  message: z.string().describe("What went wrong."),
  status: z.int().min(400).max(499).describe("The HTTP status again."),
});

/** 401: Laravel's authentication middleware answers without a `status` field. */
export const servedUnauthenticatedSchema = z.object({
  message: z.literal("Unauthenticated."),
});
