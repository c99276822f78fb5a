/**
 * Building blocks of validation: an error bag and checks of single values, shared by the
 * monitor, incident and list-query validators. Values arrive as parsed from a form (strings,
 * arrays, objects) or from JSON (any JSON type), with "" already turned into null.
 */
import { isLocalDateTime, localDateTimeToEpoch } from "../../util/time";
import type { FieldErrors } from "../respond";
import { messages } from "./messages";

/** Collects messages per field, in the order they are found. */
export class ErrorBag {
  /** The messages so far. No prototype: a field may be called "constructor" or "__proto__". */
  readonly errors: FieldErrors = Object.create(null);

  /** Adds a message to `field`. */
  add(field: string, message: string): void {
    if (!this.has(field)) this.errors[field] = [];
    this.errors[field].push(message);
  }

  /** True when `field` already has a message. */
  has(field: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.errors, field);
  }

  /** True when nothing was added. */
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

/** True when `input` has `key` as its own field (null counts as present). */
export function present(input: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(input, key);
}

/** Laravel's "filled": not missing, not null, not a blank string, not an empty list. */
export function filled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** Length in characters (code points), as PHP's mb_strlen counts. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A string of at most `max` characters; adds messages and returns undefined otherwise. */
export function checkString(bag: ErrorBag, field: string, value: unknown, max: number): string | undefined {
  if (typeof value !== "string") {
    bag.add(field, messages.string(field));
    return undefined;
  }
  if (charLength(value) > max) {
    bag.add(field, messages.maxString(field, max));
    return undefined;
  }
  return value;
}

/**
 * An integer, given as a JSON number or a numeric string (forms send strings), within
 * JavaScript's safe range (what docs/openapi.json allows). The service's PHP takes larger
 * ones too; no id or allowed value is that large, so such a request fails either way.
 */
export function toInteger(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value !== "string" || !/^[+-]?\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An integer from `allowed`; adds "must be an integer" or "selected ... is invalid". */
export function checkIntegerIn(
  bag: ErrorBag,
  field: string,
  value: unknown,
  allowed: readonly number[],
): number | undefined {
  const n = toInteger(value);
  if (n === undefined) {
    bag.add(field, messages.integer(field));
    return undefined;
  }
  if (!allowed.includes(n)) {
    bag.add(field, messages.in(field));
    return undefined;
  }
  return n;
}

/** A string from `allowed` (exact, case-sensitive, as Laravel's `in`). */
export function checkIn<T extends string>(
  bag: ErrorBag,
  field: string,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  bag.add(field, messages.in(field));
  return undefined;
}

/** Laravel's `boolean` plus the words true/false forms commonly send. */
export function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === "1" || value === "true") return true;
  if (value === false || value === 0 || value === "0" || value === "false") return false;
  return undefined;
}

/** True for an absolute http(s) URL with a host and no whitespace. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "" && /^https?:\/\/[^/?#]/i.test(value);
}

const EMAIL =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A plausible email address (local part, @, a host name). */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * A `Y-m-dTH:i:s` date naming a real calendar time, converted from wall time in
 * `timeZone` to epoch ms; adds "does not match the format" otherwise.
 */
export function checkDate(bag: ErrorBag, field: string, value: unknown, timeZone: string): number | undefined {
  if (typeof value !== "string" || !isLocalDateTime(value)) {
    bag.add(field, messages.dateFormat(field));
    return undefined;
  }
  return localDateTimeToEpoch(value, timeZone);
}

/** Reports every field of `input` outside `allowed` as not allowed. */
export function rejectUnknown(
  bag: ErrorBag,
  input: Record<string, unknown>,
  allowed: readonly string[],
  prefix = "",
): void {
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key)) bag.add(prefix + key, messages.notAllowed(prefix + key));
  }
}

/** A list as sent: a JSON array, a form array (possibly sparse) or an object keyed by position. */
export function listEntries(value: unknown): [string, unknown][] | undefined {
  if (Array.isArray(value)) return Object.keys(value).map((k) => [k, value[Number(k)]]);
  if (value !== null && typeof value === "object") return Object.entries(value);
  return undefined;
}

/** True for a plain object (a form `a[0][key]` entry or a JSON object). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
