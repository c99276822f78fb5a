/**
 * Pulumi's placeholder for a value not known until apply. During preview it can stand
 * in for any input, even a number or a list, so every check and diff asks here first.
 */

/** The string the engine sends for an unknown value (`rpc.unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `value` is the engine's unknown placeholder. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when `value` is, or contains, an unknown anywhere inside it. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** Every path at which an unknown stands inside `value`, e.g. `["alerts", 0, "value"]`. */
export function unknownPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (isUnknown(value)) return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPaths(v, [...prefix, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => unknownPaths(v, [...prefix, k]));
  }
  return [];
}

/** A copy of `value` with every unknown replaced by `undefined`, for validation. */
export function withoutUnknowns<T>(value: T): T {
  if (isUnknown(value)) return undefined as T;
  if (Array.isArray(value)) return value.map(withoutUnknowns) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutUnknowns(v)])) as T;
  }
  return value;
}
