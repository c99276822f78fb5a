/**
 * How values compare once what the service rewrites is taken out: empty and absent are
 * the same, dates are compared as instants whatever their format, header names ignore
 * case, and the key/value lists are compared as multisets.
 */
import { formatLocalDateTime, parseServiceDate } from "../util/time";

/** A list entry of `requestHeaders` or `alerts`. */
interface Pair {
  key: string;
  value: string;
}

/** null, undefined and "" all mean "not set". */
export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
}

/** Two scalars equal once empty values are folded together. */
export function sameScalar(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return a === b;
}

/** Canonical `Y-m-dTH:i:s` for any accepted date spelling, so formats compare equal. */
function canonicalDate(v: unknown): unknown {
  if (typeof v !== "string" || v === "") return v;
  const ms = parseServiceDate(v);
  return ms === undefined ? v : formatLocalDateTime(ms, "UTC");
}

/** Two date-times equal as wall times, whatever their spelling. */
export function sameDate(a: unknown, b: unknown): boolean {
  return sameScalar(canonicalDate(a), canonicalDate(b));
}

/**
 * Two key/value lists equal as multisets. Order is ignored because the service keeps no
 * meaningful order for either list: alert channels are a set of destinations, and the
 * check request's headers are sent as a map. `foldKeyCase` folds header names, which
 * HTTP treats case-insensitively and instances may rewrite.
 */
export function samePairs(a: unknown, b: unknown, foldKeyCase: boolean): boolean {
  const canon = (list: unknown): string[] =>
    (Array.isArray(list) ? (list as Pair[]) : [])
      .map((p) => JSON.stringify([foldKeyCase ? String(p?.key ?? "").toLowerCase() : p?.key, p?.value]))
      .sort();
  if (isEmpty(a) && isEmpty(b)) return true;
  const x = canon(a);
  const y = canon(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
