/**
 * The shared half of every `check`: unknown property names, coercion of what config
 * files give as strings, the service's defaults, and validation with the API schemas,
 * reported as one failure per bad property in the program's own names. Values Pulumi
 * does not know yet (preview) are skipped, never reported as invalid.
 */
import type { z } from "zod";
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { containsUnknown, unknownPaths, withoutUnknowns } from "./unknowns";
import { propertyPath, toCamel as toCamelTop, toSnake } from "../schemas/name-case";
import type { FieldInfo } from "../schemas/fields";

/** What a resource's `check` needs to know about it. */
export interface CheckSpec {
  /** Input property names the resource accepts (camelCase). */
  allowed: readonly string[];
  /**
   * The resource's fields by kind: an integer property also takes a numeric text, a boolean
   * one "true"/"false" (config files give text); they are converted.
   */
  fields: readonly Pick<FieldInfo, "name" | "kind">[];
  /** Defaults filled when a property is absent. */
  defaults: Readonly<Record<string, unknown>>;
  /** The API schema that validates the resource's fields (snake_case). */
  schema: z.ZodType;
  /** Properties validated together: an unknown one silences the rules of its group. */
  groups: readonly (readonly string[])[];
  /** Checks of provider-only properties, after coercion. */
  extra?: (inputs: Record<string, unknown>) => CheckFailure[];
  /** Properties that hold secrets (see `failure`). */
  secret?: readonly string[];
}

/**
 * A failure whose reason names the property, e.g. `interval: 45 is not one of 60, 180, …`.
 * For a secret property the failure is reported without `property`: the engine prints
 * the input value of a named top-level property with `%v`, which shows a secret's
 * plaintext, so the name travels in the reason alone.
 */
export function failure(property: string, message: string, secret: readonly string[] = []): CheckFailure {
  const top = property.split(/[.[]/)[0];
  return { property: secret.includes(top) ? "" : property, reason: `${property}: ${message}` };
}

function coerceInteger(v: unknown): unknown {
  return typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
}

/** A boolean as config gives it: `"true"`/`"false"`, `1`/`0` and `"1"`/`"0"` become booleans; anything else is returned as is. */
export function coerceBoolean(v: unknown): unknown {
  if (v === "true" || v === 1 || v === "1") return true;
  if (v === "false" || v === 0 || v === "0") return false;
  return v;
}

/** Edit distance (insertions, deletions, substitutions) between two strings. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * The allowed name a mistyped one most likely meant: the nearest by edit distance,
 * ignoring case, `_` and `-` (`alert` → `alerts`, `alert_condition` → `alertCondition`),
 * when it is near enough to be a typo.
 */
function closest(name: string, allowed: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const typed = norm(name);
  let best: { name: string; d: number } | undefined;
  for (const a of allowed) {
    const d = distance(typed, norm(a));
    if (!best || d < best.d) best = { name: a, d };
  }
  return best && best.d <= Math.max(2, Math.floor(typed.length / 3)) ? best.name : undefined;
}

/** Runs the shared check and returns Pulumi's `CheckResult`. */
export function runCheck(
  spec: CheckSpec,
  news: Record<string, unknown>,
  internal: readonly string[] = [],
): CheckResult {
  const failures: CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};

  for (const [key, value] of Object.entries(news)) {
    if (key === "__provider" || internal.includes(key)) {
      inputs[key] = value;
      continue;
    }
    if (!spec.allowed.includes(key)) {
      const hint = closest(key, spec.allowed);
      // No `property`: the engine would print the value, and a mistyped `alert` may hold a webhook URL.
      failures.push({
        property: "",
        reason: `${key}: is not a property of this resource${hint ? ` (did you mean ${hint}?)` : ""}; allowed: ${spec.allowed.join(", ")}`,
      });
      continue;
    }
    if (value === null || value === undefined) continue;
    const kind = spec.fields.find((f) => f.name === key)?.kind;
    inputs[key] = kind === "integer" ? coerceInteger(value) : kind === "boolean" ? coerceBoolean(value) : value;
  }
  for (const [key, value] of Object.entries(spec.defaults)) {
    if (inputs[key] === undefined) inputs[key] = Array.isArray(value) ? [...value] : value;
  }

  failures.push(...(spec.extra?.(inputs) ?? []));

  const apiView: Record<string, unknown> = {};
  for (const key of spec.allowed) {
    if (inputs[key] !== undefined) apiView[toSnake(key)] = inputs[key];
  }
  // Most inputs hold no unknown: then there is nothing to find or strip.
  const anyUnknown = containsUnknown(apiView);
  const unknown = anyUnknown ? unknownPaths(apiView) : [];
  const silenced = new Set(unknown.map((p) => String(p[0])));
  for (const group of spec.groups) {
    if (group.some((f) => silenced.has(toSnake(f)))) group.forEach((f) => silenced.add(toSnake(f)));
  }
  const parsed = spec.schema.safeParse(anyUnknown ? withoutUnknowns(apiView) : apiView);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const top = issue.path[0];
      if (top === undefined || silenced.has(String(top))) continue;
      // An issue inside a list entry that is itself unknown is not an error yet.
      if (unknown.some((p) => p.every((part, i) => issue.path[i] === part))) continue;
      const property = propertyPath(issue.path as PropertyKey[]);
      // An allowed-values message repeats the value; in a secret property (an alert whose
      // key and value were swapped) that value may be a webhook URL.
      const message =
        spec.secret?.includes(toCamelTop(String(top))) && issue.code === "invalid_value"
          ? `is not one of ${(issue as { values: unknown[] }).values.join(", ")}`
          : issue.message;
      const key = `${property}\u0000${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      failures.push(failure(property, message, spec.secret));
    }
  }
  return failures.length ? { inputs, failures } : { inputs };
}
