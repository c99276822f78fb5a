/**
 * How a provider records its `defaults` setting. The engine strips secret marks from the
 * settings it sends CheckConfig and puts them back only on what CheckConfig returns unmarked:
 * key by key inside an object, whole on a list or text. Were `defaults` returned secret
 * (its header values and alert targets must never be stored in plaintext), nothing would tell
 * whether the program gave them as secrets, and a policy could not judge a plaintext
 * credential in them. So CheckConfig returns `defaults` with those values left out and
 * unmarked, for the engine to mark where the program's were secret (what the policy pack
 * reads), and the whole setting, secret, under HELD_DEFAULTS_KEY: what the provider uses.
 */
import { readJsonSetting } from "../schemas/json-setting";
import { toCamel } from "../schemas/name-case";
import { isUnknown } from "./unknowns";
import { SECRET_PARTS } from "./monitor/team-defaults";

/** The whole `defaults`, held secret beside the shown form. One underscore: the engine drops `__` keys from what a pack sees. */
export const HELD_DEFAULTS_KEY = "_defaultsHeld";

/** The setting as an object, read as the schema reads it (JSON text parsed); undefined when it is not one. */
function asObject(raw: unknown): Record<string, unknown> | undefined {
  const value = readJsonSetting(raw);
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isUnknown(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * `defaults` without its secret values: each header's and alert's `key` kept, its `value`
 * left out, the user's own names kept (the engine matches marks by them). Undefined when the
 * setting is not an object or JSON text of one.
 */
export function shownDefaults(raw: unknown): Record<string, unknown> | undefined {
  const defaults = asObject(raw);
  if (!defaults) return undefined;
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(defaults)) {
    if (!SECRET_PARTS.has(toCamel(name))) shown[name] = value;
    else if (Array.isArray(value))
      shown[name] = value.map((entry) => ({ key: (entry as { key?: unknown } | null)?.key ?? null }));
  }
  return shown;
}

/** Recorded settings with `defaults` as the provider uses it: the held whole one when there is one. */
export function withHeldDefaults<T extends Record<string, unknown>>(settings: T): T {
  const { [HELD_DEFAULTS_KEY]: held, ...rest } = settings;
  return (held === undefined ? rest : { ...rest, defaults: held }) as T;
}
