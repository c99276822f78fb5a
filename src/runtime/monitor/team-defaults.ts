/**
 * The provider's `defaults` setting in the runtime: read and judged once per value, and
 * merged into a monitor's inputs at `check`, so that both doors, the diff and `preview
 * --diff` see each monitor's effective values. A monitor's own value wins, whole: a list
 * it declares replaces the default list.
 */
// From their own modules, not the index: a monitors file's check loads no other resource's schemas.
import { monitorDefaultsSchema, TEAM_DEFAULT_WIRE_FIELDS, type MonitorDefaults } from "../../schemas/monitor-defaults";
import { MONITOR_FIELDS } from "../../schemas/resources";
import { propertyPath, toCamel } from "../../schemas/name-case";
import { isUnknown } from "../unknowns";

export type { MonitorDefaults };

/** The monitor fields a default may give, program names (`namePrefix` is not one: autoname.ts uses it). */
const TEAM_DEFAULT_FIELDS = TEAM_DEFAULT_WIRE_FIELDS.map((wire) => toCamel(wire));

/** Fields whose values are secrets (alert targets, header values): a problem never repeats a value of theirs. */
export const SECRET_PARTS = new Set(MONITOR_FIELDS.api.filter((f) => f.teamDefault && f.secret).map((f) => f.name));

/** The defaults read from a setting's value, or the problems that keep them from being used. */
export interface DefaultsReading {
  values: MonitorDefaults;
  /** Each naming `<setting>.<field>` and what is allowed; empty when the defaults are usable. */
  problems: string[];
}

const NONE: DefaultsReading = { values: {}, problems: [] };
let last: { raw: unknown; setting: string; reading: DefaultsReading } | undefined;

/**
 * The defaults in `raw` (JSON text or an object, as stack config, UPTIME_DEFAULTS or an
 * explicit provider give them); `setting` is how the user named it (`uptime:defaults`).
 * Invalid defaults give no values: the problems fail the preview instead.
 */
export function readMonitorDefaults(raw: unknown, setting = "defaults"): DefaultsReading {
  if (raw === undefined || raw === null || raw === "" || isUnknown(raw)) return NONE;
  // Every monitor's check reads the same value: judge it once.
  if (last && last.raw === raw && last.setting === setting) return last.reading;
  const parsed = monitorDefaultsSchema.safeParse(raw);
  let reading: DefaultsReading;
  if (parsed.success) {
    const values: Record<string, unknown> = {};
    for (const [wire, v] of Object.entries(parsed.data as Record<string, unknown>))
      if (v !== undefined) values[toCamel(wire)] = v;
    reading = { values: values as MonitorDefaults, problems: [] };
  } else {
    const problems = new Set<string>();
    for (const issue of parsed.error.issues) {
      const path = propertyPath(issue.path as PropertyKey[]);
      const top = path.split(/[.[]/)[0];
      // An allowed-values message repeats the value; in an alert (key and value swapped) it may be a webhook URL.
      const message =
        SECRET_PARTS.has(top) && issue.code === "invalid_value"
          ? `is not one of ${(issue as { values: unknown[] }).values.join(", ")}`
          : issue.message;
      problems.add(`${setting}${path ? `.${path}` : ""}: ${message}`);
    }
    reading = { values: {}, problems: [...problems] };
  }
  last = { raw, setting, reading };
  return reading;
}

/** Omitted: absent or null. An empty list is declared (a monitor without alerts). */
function omitted(v: unknown): boolean {
  return v === undefined || v === null;
}

/** A copy, so that no two monitors share a default list. */
function copied<T>(v: T): T {
  return Array.isArray(v) ? (v.map((x) => (x && typeof x === "object" ? { ...x } : x)) as T) : v;
}

/** `news` with each field it omits taken from `defaults`; its own values (unknown ones too) stay. */
export function withMonitorDefaults(news: Record<string, unknown>, defaults: MonitorDefaults): Record<string, unknown> {
  const out = { ...news };
  for (const name of TEAM_DEFAULT_FIELDS) {
    const value = (defaults as Record<string, unknown>)[name];
    if (value !== undefined && omitted(out[name])) out[name] = copied(value);
  }
  return out;
}

/**
 * Whether defaults in `raw` hold secrets (alert targets, header values), so that the
 * provider's recorded settings keep them secret. Defaults that cannot be read count as secret.
 */
export function defaultsHoldSecrets(raw: unknown): boolean {
  const reading = readMonitorDefaults(raw);
  if (reading.problems.length) return true;
  return [...SECRET_PARTS].some((name) => (reading.values as Record<string, unknown>)[name] !== undefined);
}
