/**
 * Form and query encoding in the shape the service (a Laravel app) parses:
 * `alerts[0][key]=email&alerts[0][value]=a%40b.c`. qs does the bracket work; this module
 * only maps the values PHP has no JSON-like form for.
 */
import qs from "qs";

/** A value the encoder accepts: scalars, null, and nested lists and records of them. */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Rewrites values qs would drop or spell in a way PHP misreads:
 * booleans become 1/0 (PHP reads "false" as true), and an empty list becomes an empty
 * value (`alerts=`) so that an update clears the list instead of leaving it unchanged.
 * `null` stays null: qs already writes it as an empty value (`field=`), which clears it.
 */
function toWire(value: FormValue): FormValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value)) return value.length === 0 ? "" : value.map(toWire);
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: FormValue } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toWire(v);
    return out;
  }
  return value;
}

/**
 * Encodes a record as `application/x-www-form-urlencoded` (also used for query strings).
 * Keys are written as they are, brackets readable; keys are the API's field names, so
 * they never need escaping. `undefined` fields are left out.
 */
export function encodeForm(record: { [key: string]: FormValue }): string {
  return qs.stringify(toWire(record), { arrayFormat: "indices", encodeValuesOnly: true });
}
