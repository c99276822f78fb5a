/**
 * Form and query encoding in the shape the service (a Laravel app) parses:
 * `alerts[0][key]=email&alerts[0][value]=a%40b.c`, as qs writes it with numeric indices.
 * Written here rather than with qs: the bracket work is a few lines, and loading qs (and
 * what it pulls in) cost each provider process about 100 ms at start for nothing else.
 */

/** A value the encoder accepts: scalars, null, and nested lists and records of them. */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes all but RFC 3986's unreserved characters (encodeURIComponent also keeps `!'()*`). */
function escapeValue(text: string): string {
  // A lone surrogate has no UTF-8 form: it is sent as U+FFFD, as a browser's form would.
  const encoded = encodeURIComponent(text.replace(LONE_SURROGATE, "\uFFFD"));
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Appends the `key=value` pairs of `value` under `key`. Booleans become 1/0 (PHP reads
 * "false" as true); null and an empty list become an empty value (`alerts=`), so that an
 * update clears the field or list instead of leaving it unchanged; `undefined` is left out.
 */
function appendPairs(key: string, value: FormValue, out: string[]): void {
  if (value === undefined) return;
  if (value === null || (Array.isArray(value) && value.length === 0)) {
    out.push(`${key}=`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => appendPairs(`${key}[${i}]`, item, out));
  } else if (typeof value === "object") {
    for (const [k, v] of Object.entries(value)) appendPairs(`${key}[${k}]`, v, out);
  } else {
    out.push(`${key}=${escapeValue(typeof value === "boolean" ? (value ? "1" : "0") : String(value))}`);
  }
}

/**
 * Encodes a record as `application/x-www-form-urlencoded` (also used for query strings).
 * Keys are written as they are, brackets readable; keys are the API's field names, so
 * they never need escaping. `undefined` fields are left out.
 */
export function encodeForm(record: { [key: string]: FormValue }): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(record)) appendPairs(k, v, out);
  return out.join("&");
}
