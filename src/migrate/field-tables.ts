/**
 * Each reader's classification of its source's monitor fields: carried as they are
 * (`mapped`), carried with a change the report names (`approximated`, when the value set
 * changes what the check does), keeping the monitor out (`not mapped`), or `ignored`
 * because no value of it changes what a check does here. docs/migrating-from-another-vendor.md lists each table and a test holds the
 * readers to it; a field of the input that no table names is reported, never dropped.
 */

/** What becomes of a field. */
export type FieldOutcome = "mapped" | "approximated" | "not mapped" | "ignored";

/** One field's outcome and, for the doc, what it becomes or why it is neutral. */
export interface FieldRule {
  outcome: FieldOutcome;
  why: string;
}

/** A source's fields by name (nested ones as `parent.child`). */
export type FieldTable = Readonly<Record<string, FieldRule>>;

/** A rule for a field carried as it is, saying what it becomes. */
export function mapped(why: string): FieldRule {
  return { outcome: "mapped", why };
}

/** A rule for a field carried with a change the report names. */
export function approximated(why: string): FieldRule {
  return { outcome: "approximated", why };
}

/** A rule for a field no value of which changes what a check does here. */
export function ignored(why: string): FieldRule {
  return { outcome: "ignored", why };
}

/** One rule for each of several fields (the fields of kinds that are not mapped, say). */
export function alike(fields: readonly string[], rule: FieldRule): FieldTable {
  return Object.fromEntries(fields.map((f) => [f, rule]));
}

/** True for a value the input does not really set: null, "", an empty list or object. */
function unset(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === "object" && Object.keys(v).length === 0;
}

/**
 * The fields `attrs` sets that `table` does not name, as report lines. A field whose
 * parts the table names (`config.ip_version`) holds an object, or a list of objects, whose
 * keys are checked too.
 * The value is never quoted: an unknown field may hold a secret.
 */
export function unclassified(attrs: Record<string, unknown>, table: FieldTable, vendor: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(attrs)) {
    if (unset(value)) continue;
    if (!table[key]) out.push(unknownLine(key, vendor));
    else if (value && typeof value === "object" && Object.keys(table).some((k) => k.startsWith(`${key}.`))) {
      // A nested object, or a list of objects (UptimeRobot's contacts): each key by name.
      const parts = (Array.isArray(value) ? value : [value]).filter(
        (p): p is Record<string, unknown> => !!p && typeof p === "object",
      );
      const subs = new Set(parts.flatMap((p) => Object.keys(p).filter((k) => !unset(p[k]))));
      for (const sub of subs) if (!table[`${key}.${sub}`]) out.push(unknownLine(`${key}.${sub}`, vendor));
    }
  }
  return out;
}

function unknownLine(field: string, vendor: string): string {
  return `\`${field}\` is set but this migration does not know the field: not carried; check what it does at ${vendor}`;
}

/**
 * A report line for a setting that changes what the check does: its name, its value, and
 * what differs here. Without a value (a request body, which may hold a secret) it says the
 * setting is set.
 */
export function setting(name: string, value: unknown, what: string): string {
  return `\`${name}\`${value === undefined ? " is set" : ` = ${JSON.stringify(value)}`}: ${what}`;
}

/** What differs here, for settings several vendors share. */
export const DIFFERS = {
  tlsSkipped:
    "certificate errors are ignored there; the service has no setting to ignore them, so its checks may fail where these passed",
  redirectsOff: "redirects are not followed there; the service follows them and judges the final answer",
  statusCodes: "the service counts a check up on a 2xx answer only (redirects followed)",
  timeout: "the service has no timeout setting: its own applies",
  retries: "the service has no retries: one failed check opens an incident",
  body: "the service sends no request body",
  regions: "the service has no choice of regions",
  recovery: "the service ends an incident on the first check that is up",
  confirmation: "the service opens an incident on the first failed check",
  resend: "the service alerts once per incident, not again while it lasts",
  ipVersion: "the service has no choice of IP version",
} as const;

/** Rules for settings several vendors share, whatever each names them. */
export const SHARED_RULES = {
  url: mapped("`url`; credentials in it go to basic auth"),
  interval: mapped("`interval`, the nearest allowed value (reported when it differs)"),
  username: mapped("`requestAuthUsername`"),
  password: mapped("`requestAuthPassword`, from secret config"),
  headers: mapped("`requestHeaders`, each value from secret config"),
  method: mapped("`requestMethod`"),
  paused: mapped("`paused`"),
  body: approximated(DIFFERS.body),
  regions: approximated(DIFFERS.regions),
  ipVersion: approximated(DIFFERS.ipVersion),
  bodyEncoding: ignored("the encoding of the request body: neutral without one"),
  description: ignored("a note for people: does not change the check"),
  labels: ignored("labels: do not change the check"),
  redirectsOff: approximated(`false is approximated: ${DIFFERS.redirectsOff}`),
  tlsOff: approximated(`false is approximated: ${DIFFERS.tlsSkipped}`),
  tlsIgnored: approximated(`true is approximated: ${DIFFERS.tlsSkipped}`),
} as const satisfies Record<string, FieldRule>;
