/**
 * Secret references in a monitors file: a string may hold `${config:<key>}` (or
 * `${config:<namespace>:<key>}`) placeholders, each read from the stack's config as a
 * secret when the program runs, e.g. `value: ${config:opsWebhookUrl}` or
 * `value: "Bearer ${config:statusToken}"`. Nothing else in a string is special.
 */

/** One placeholder: `key` as written (`probePassword` or `other:probePassword`). */
export interface ConfigRef {
  /** The whole key as written, e.g. `probePassword` or `team:probePassword`. */
  ref: string;
  /** Config namespace, when the key names one; otherwise the project's. */
  namespace?: string;
  /** The key inside its namespace. */
  key: string;
}

const PLACEHOLDER = /\$\{config:([^}]*)\}/g;
const KEY_PART = "[A-Za-z0-9][A-Za-z0-9_.-]*";
const VALID_REF = new RegExp(`^(?:(${KEY_PART}):)?(${KEY_PART})$`);

/** The placeholder text for `key`, e.g. `${config:probePassword}`. */
export function configRef(key: string): string {
  return `\${config:${key}}`;
}

/** True when `text` contains a `${config:` placeholder (well-formed or not). */
export function hasConfigRef(text: string): boolean {
  return text.includes("${config:");
}

/**
 * Splits `text` into literal pieces and placeholders, in order.
 * @throws Error naming the malformed placeholder (an empty key, spaces, an unclosed brace).
 */
export function splitConfigRefs(text: string): (string | ConfigRef)[] {
  const parts: (string | ConfigRef)[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const inner = match[1];
    const m = VALID_REF.exec(inner);
    if (!m) {
      throw new Error(
        `${JSON.stringify(match[0])} is not a valid config reference: write \${config:<key>} with a key of letters, digits, "_", "-" or "."`,
      );
    }
    parts.push(m[1] ? { ref: inner, namespace: m[1], key: m[2] } : { ref: inner, key: m[2] });
    last = at + match[0].length;
  }
  const rest = text.slice(last);
  if (rest.includes("${config:")) {
    throw new Error(
      `${JSON.stringify(rest.slice(rest.indexOf("${config:")))} is not a valid config reference: it has no closing "}"`,
    );
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Every placeholder inside `value` (strings in any nesting), in order, without repeats. */
export function configRefsIn(value: unknown): string[] {
  const seen = new Set<string>();
  walkStrings(value, (s) => {
    if (!hasConfigRef(s)) return;
    for (const part of splitConfigRefs(s)) if (typeof part !== "string") seen.add(part.ref);
  });
  return [...seen];
}

function walkStrings(value: unknown, visit: (s: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) value.forEach((v) => walkStrings(v, visit));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => walkStrings(v, visit));
}

/** A deep copy of `value` in which every string with placeholders is replaced by `map(string)`. */
export function mapConfigRefStrings<T>(value: T, map: (s: string) => unknown): T {
  if (typeof value === "string") return (hasConfigRef(value) ? map(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => mapConfigRefStrings(v, map)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapConfigRefStrings(v, map)])) as T;
  }
  return value;
}

/**
 * Replaces every placeholder in `value` with `lookup(ref)`, for a CI check or a test
 * that has the values at hand (a Pulumi program uses `toMonitorArgs`, which reads them
 * as secrets).
 * @throws Error listing every key `lookup` has no value for.
 */
export function resolveConfigRefs<T>(value: T, lookup: (ref: string) => string | undefined): T {
  const missing = new Set<string>();
  const resolved = mapConfigRefStrings(value, (s) =>
    splitConfigRefs(s)
      .map((part) => {
        if (typeof part === "string") return part;
        const v = lookup(part.ref);
        if (v === undefined) missing.add(part.ref);
        return v ?? "";
      })
      .join(""),
  );
  if (missing.size) {
    throw new Error(
      `missing config value${missing.size > 1 ? "s" : ""} for ${[...missing].map((k) => configRef(k)).join(", ")}: run ${[...missing].map((k) => `\`pulumi config set --secret ${k}\``).join(", ")}`,
    );
  }
  return resolved;
}
