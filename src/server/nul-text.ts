/**
 * Text with NUL characters in PostgreSQL. The service's MySQL stores `a\0b` as it is;
 * PostgreSQL text and jsonb cannot hold U+0000 and fail the whole statement. So the store
 * writes NUL as a pair of private-use characters, U+E000 U+E001, and U+E000 itself as
 * U+E000 U+E000, and undoes both when reading: every string comes back exactly as sent.
 * Searches encode the same way, so `strpos` on stored text still finds substrings.
 * Known limit: the escape is not aligned, so a search for NUL also matches stored text
 * holding U+E000 U+E001 (two private-use characters no real name carries).
 */

const ESCAPE = "\uE000";
const NUL_PAIR = "\uE000\uE001";
const ESCAPE_PAIR = "\uE000\uE000";

/** `s` as the store keeps it. */
export function encodeText(s: string): string {
  if (!s.includes("\0") && !s.includes(ESCAPE)) return s;
  return s.replace(/\uE000/g, ESCAPE_PAIR).replace(/\0/g, NUL_PAIR);
}

/** A stored string as it was sent. */
export function decodeText(s: string): string {
  if (!s.includes(ESCAPE)) return s;
  return s.replace(/\uE000([\uE000\uE001])/g, (_, c: string) => (c === "\uE001" ? "\0" : ESCAPE));
}

/** `value` with every string in it (keys of objects included) passed through `f`. */
export function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === "string") return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), mapStrings(v, f)]));
  }
  return value;
}
