/**
 * The quick read of a monitors file. The `yaml` package builds a Document with every
 * node's position, which is what a problem's line number needs, but a cold process pays
 * for it: a 1,000-monitor file took 500 to 700 ms to parse, js-yaml 80 to 110 ms. So a
 * file is read with js-yaml first, and with `yaml` only when that read fails or the file
 * holds something the two libraries read differently, or when the file has a problem to
 * report with its line.
 *
 * The two agree on YAML 1.2's core schema with merge keys (`<<`) and unique keys. Where
 * they differ (measured: tags, `%` directives, `0b` and signed `0x`/`0o` integers, `+.5`
 * and `-.5`, null and collection keys), the text is left to `yaml`. js-yaml shares an
 * alias's value instead of copying it, so a value that would grow past the size of the
 * text when expanded (the "billion laughs") is left to `yaml` too, which refuses it.
 */
import { CORE_SCHEMA, load, types } from "js-yaml";

const SCHEMA = CORE_SCHEMA.extend({ implicit: [types.merge] });

/** Text the two libraries may read differently. */
const DIFFERENT = /^%|(^|[\s,[{])!|0b|[+-]0[xo]|[+-]\.\d/im;

/** A key both read the same way: not a null or a collection turned into a string. */
const PLAIN_KEY = /^(?!null$)[^,[\]{}]*$/i;

/**
 * True when `value`, with every alias expanded, has at most `budget` nodes and only
 * plain keys.
 */
function plainAndBounded(value: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false;
  if (Array.isArray(value)) return value.every((v) => plainAndBounded(v, budget));
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (!PLAIN_KEY.test(k) || !plainAndBounded(v, budget)) return false;
    }
  }
  return true;
}

/** The file's value, read quickly, or undefined when `yaml` must read it. */
export function quickParse(text: string): { root: unknown } | undefined {
  if (DIFFERENT.test(text)) return undefined;
  let root: unknown;
  try {
    root = load(text, { schema: SCHEMA });
  } catch {
    return undefined;
  }
  return plainAndBounded(root, { left: text.length + 1000 }) ? { root } : undefined;
}
