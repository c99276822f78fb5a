/**
 * Response bodies → typed objects. Parses with the tolerant response schemas, then turns
 * every date into `Y-m-dTH:i:s` wall time in the account's zone, so that a returned
 * record compares equal to the input that created it. A body that does not parse is an
 * `UptimeResponseError` naming the endpoint and the failing paths (never the values:
 * they may hold secrets such as webhook URLs).
 */
import type { z } from "zod";
import {
  INCIDENT_DATE_FIELDS,
  MONITOR_DATE_FIELDS,
  deleteResponseSchema,
  incidentResponseSchema,
  monitorResponseSchema,
  pageSchema,
  type Incident,
  type Monitor,
  type Page,
} from "../schemas";
import { toLocalDateTime } from "../util/time";
import { UptimeResponseError } from "./errors";
import { formatFieldPath } from "./error-map";

/** The endpoint a body came from, for messages. */
export interface Endpoint {
  method: string;
  path: string;
  status: number;
}

function fail(at: Endpoint, what: string): never {
  throw new UptimeResponseError(`${at.method} ${at.path}: unexpected response (${at.status}): ${what}`, {
    method: at.method,
    path: at.path,
    status: at.status,
  });
}

/** Parses a JSON body; an empty body is `undefined`. */
export function parseJson(text: string, at: Endpoint): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return fail(at, "the body is not JSON");
  }
}

/** Parses `value` with `schema` or fails naming the issue paths. `prefix` is the path of `value` in the body. */
export function decode<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: Endpoint,
  prefix: (string | number)[] = [],
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${formatFieldPath([...prefix, ...i.path]) || "(body)"} (${i.code})`);
  const more = parsed.error.issues.length > 5 ? ` and ${parsed.error.issues.length - 5} more` : "";
  return fail(at, `not a valid body at ${issues.join(", ")}${more}`);
}

/** The record of a show, store or update body: `{ data: {...} }`, or the bare record some instances send. */
function unwrapRecord(body: unknown, at: Endpoint): { value: unknown; prefix: string[] } {
  if (body !== null && typeof body === "object" && "data" in body)
    return { value: (body as { data: unknown }).data, prefix: ["data"] };
  if (body !== null && typeof body === "object" && "id" in body) return { value: body, prefix: [] };
  return fail(at, "no record under data");
}

function localDates<T extends Record<string, unknown>>(record: T, fields: readonly string[], timeZone: string): T {
  const out: Record<string, unknown> = { ...record };
  for (const f of fields) {
    if (f in out) out[f] = toLocalDateTime(out[f] as string | null | undefined, timeZone);
  }
  return out as T;
}

/** A parsed monitor with its dates in `timeZone`. */
function normalizeMonitor(m: Monitor, timeZone: string): Monitor {
  return localDates(m, MONITOR_DATE_FIELDS, timeZone);
}

/** A parsed incident with its dates in `timeZone`. */
function normalizeIncident(i: Incident, timeZone: string): Incident {
  return localDates(i, INCIDENT_DATE_FIELDS, timeZone);
}

/** How each resource is read from a body. */
export interface RecordKind<T> {
  /** The tolerant response schema of one record. */
  schema: z.ZodType<T>;
  /** Dates into the account's zone. */
  normalize(record: T, timeZone: string): T;
}

/** Monitors. */
export const MONITOR: RecordKind<Monitor> = {
  schema: monitorResponseSchema as z.ZodType<Monitor>,
  normalize: normalizeMonitor,
};
/** Incidents. */
export const INCIDENT: RecordKind<Incident> = {
  schema: incidentResponseSchema as z.ZodType<Incident>,
  normalize: normalizeIncident,
};

/** Reads one record from a show, store or update body. */
export function readRecord<T>(kind: RecordKind<T>, body: unknown, at: Endpoint, timeZone: string): T {
  const { value, prefix } = unwrapRecord(body, at);
  return kind.normalize(decode(kind.schema, value, at, prefix), timeZone);
}

/**
 * Checks that a show, store or update body holds the record `id` (a number, or the digits
 * of one, as the tolerant schema reads it) without parsing the rest: for a caller that
 * reads nothing from the answer.
 */
export function checkRecordId(body: unknown, at: Endpoint, id: number): void {
  const { value } = unwrapRecord(body, at);
  const got = (value as { id?: unknown } | null)?.id;
  if ((typeof got !== "number" && typeof got !== "string") || Number(got) !== id) {
    fail(at, `not the record asked for (id ${id})`);
  }
}

/** Reads a page of a list body (with or without `meta`, list as array or keyed object). */
// One page schema per item schema: building it per page was most of the client's cost.
const pageSchemas = new WeakMap<object, ReturnType<typeof pageSchema>>();

export function readPage<T>(kind: RecordKind<T>, body: unknown, at: Endpoint, timeZone: string): Page<T> {
  let schema = pageSchemas.get(kind.schema);
  if (!schema) pageSchemas.set(kind.schema, (schema = pageSchema(kind.schema)));
  const page = decode(schema, body, at);
  return { ...page, data: page.data.map((r) => kind.normalize(r as T, timeZone)) };
}

/** Checks a delete body: empty, or `{ deleted: true, ... }`. */
export function readDeleted(body: unknown, at: Endpoint): void {
  if (body === undefined) return;
  const parsed = decode(deleteResponseSchema, body, at);
  if (parsed.deleted === false) fail(at, "the service says the record was not deleted");
}
