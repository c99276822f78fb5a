/**
 * Building blocks shared by the monitor and incident schemas: allowed-value fields whose
 * errors list the allowed values, the contract's date pattern, and tolerant list parsing.
 */
import { z } from "zod";
import { isLocalDateTime } from "../util/time";

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** A number that must be one of `values`; the error lists them. */
export function numberOneOf<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values, {
    error: (iss) =>
      iss.input === undefined
        ? "is required"
        : typeof iss.input === "number"
        ? `${show(iss.input)} is not one of ${values.join(", ")}`
        : `expected a number, one of ${values.join(", ")}; got ${show(iss.input)}`,
  });
}

/** A string that must be one of `values`; the error lists them. */
export function stringOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (iss) => (iss.input === undefined ? "is required" : `${show(iss.input)} is not one of ${values.join(", ")}`),
  });
}

/** What kind of value `value` is, for messages that must not repeat it (it may be a secret: a password, a header). */
function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A string of at most `max` characters, with an error that says the limit. */
export function text(max: number, min = 0) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : `expected a string; got ${kind(iss.input)}`) })
    .min(min, { error: min === 1 ? "must not be empty" : `must be at least ${min} characters` })
    .max(max, { error: `must be at most ${max} characters` });
}

/** An http(s) URL of at most `max` characters. */
export function httpUrl(max: number) {
  return text(max, 1).refine(isHttpUrl, { error: (iss) => `${show(iss.input)} is not a valid http or https URL` });
}

/** True for an absolute http or https URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** A date-time in the contract's input pattern `Y-m-dTH:i:s`. */
export const localDateTime = z
  .string({ error: (iss) => `expected a date-time string; got ${show(iss.input)}` })
  .refine(isLocalDateTime, {
    error: (iss) => `${show(iss.input)} does not match Y-m-dTH:i:s (for example 2026-03-02T09:14:00)`,
  });

/**
 * A list as instances send it: an array, or an object keyed by position when the
 * service dropped an entry (`{"1": {...}}`). Always parsed to an array in key order.
 */
export function tolerantList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === null || value === undefined || value === "") return [];
    if (Array.isArray(value)) return value;
    if (typeof value === "object") {
      return Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, v]) => v);
    }
    return value;
  }, z.array(item));
}

/** An integer that instances may send as a number or a numeric string. */
export const looseInt = z.preprocess(
  (v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
  z.number().int(),
);

/** An optional integer that instances may send as null, a number or a numeric string. */
export const looseIntOrNull = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
  z.number().int().nullable(),
);

/** An optional string that instances may send as null or leave out. */
export const stringOrNull = z.preprocess((v) => (v === undefined || v === "" ? null : v), z.string().nullable());

/** A `{ key, value }` pair as a response carries it. */
export const keyValueResponse = z.object({
  key: z.string().nullish().transform((v) => v ?? ""),
  value: z.string().nullish().transform((v) => v ?? ""),
});

/** A `{ key, value }` pair of a list field. */
export type KeyValue = { key: string; value: string };
