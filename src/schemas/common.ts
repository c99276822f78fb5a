/**
 * Building blocks shared by the monitor and incident schemas: allowed-value fields whose
 * errors list the allowed values, the contract's date pattern, and tolerant list parsing.
 */
import { z } from "zod";
import { isLocalDateTime } from "../util/time";
import {
  HTTP_URL_PATTERN,
  LOCAL_DATE_TIME_PATTERN,
  NOT_BLANK_PATTERN,
  OPTIONAL_LOCAL_DATE_TIME_PATTERN,
} from "./patterns";

/** Run a refinement even when fields failed, so that one parse reports everything. */
export const ALWAYS = { when: () => true } as const;

/** A value as an error message shows it; never throws, even for `{ toString: 0 }` or a null-prototype object. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  try {
    return String(value);
  } catch {
    // String() calls the value's own toString/valueOf, which a program's object may break.
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
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

/**
 * Length in characters (Unicode code points): what the service's limits count (PHP's
 * `mb_strlen`) and what JSON Schema's `maxLength` means. `"😀".length` is 2; this is 1.
 */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A string of at most `max` characters (code points, see {@link charLength}), with an
 * error that says the limit. `required` refuses a blank string (empty or only
 * whitespace): the service treats those as missing. The limits travel as metadata
 * (`maxLength`, `minLength`), where JSON Schema and the reference (docs/reference.md) read them.
 */
export function text(max: number, required = false) {
  const s = z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : `expected a string; got ${kind(iss.input)}`) })
    .refine((v) => !required || v.trim() !== "", { error: "must not be empty" })
    .refine((v) => charLength(v) <= max, { error: `must be at most ${max} characters` });
  return s.meta(required ? { maxLength: max, minLength: 1, pattern: NOT_BLANK_PATTERN } : { maxLength: max });
}

/**
 * A list of at most `max` entries. Every entry is checked even when there are too many,
 * as the service reports them (zod's own `.max` stops at the count). The limit travels as
 * metadata (`maxItems`), where JSON Schema and the reference (docs/reference.md) read it.
 */
export function list<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .superRefine((entries, ctx) => {
      if (Array.isArray(entries) && entries.length > max)
        ctx.addIssue({ code: "custom", message: `must have at most ${max} entries` });
    }, ALWAYS)
    .meta({ maxItems: max });
}

/** An http(s) URL of at most `max` characters. */
export function httpUrl(max: number) {
  return text(max, true)
    .refine(isHttpUrl, { error: (iss) => `${show(iss.input)} is not a valid http or https URL` })
    .meta({ maxLength: max, minLength: 1, pattern: HTTP_URL_PATTERN });
}

/**
 * True for an absolute http or https URL with a host, spelt with `//` and without
 * whitespace: the service's URL rule refuses `http:example.com`, which WHATWG URL parsing
 * would accept.
 */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

function dateTime(emptyMeansUnset: boolean) {
  return z
    .string({ error: (iss) => `expected a date-time string; got ${show(iss.input)}` })
    .refine((v) => (emptyMeansUnset && v === "") || isLocalDateTime(v), {
      error: (iss) => `${show(iss.input)} does not match Y-m-dTH:i:s (for example 2026-03-02T09:14:00)`,
    })
    .meta({ pattern: emptyMeansUnset ? OPTIONAL_LOCAL_DATE_TIME_PATTERN : LOCAL_DATE_TIME_PATTERN });
}

/** A date-time in the contract's input pattern `Y-m-dTH:i:s`. */
export const localDateTime = dateTime(false);

/**
 * An optional date-time: the pattern, or "" for "not set" (the service reads an empty
 * form value as absent, so an empty string is no error there either).
 */
export const optionalLocalDateTime = dateTime(true);

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

/** A string that instances may send as null or leave out, read as `fallback` then. */
export const stringOr = (fallback: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? fallback);

/** A `{ key, value }` pair as a response carries it. */
export const keyValueResponse = z.object({
  key: stringOr(""),
  value: stringOr(""),
});

/** A `{ key, value }` pair of a list field. */
export type KeyValue = { key: string; value: string };
