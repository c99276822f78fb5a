/**
 * The quick read of a monitors file. The `yaml` package builds a Document with every
 * node's position, which is what a problem's line number needs, but a cold process pays
 * for it: a 1,000-monitor file took 500 to 700 ms to parse, js-yaml 80 to 110 ms. So a
 * file is read with js-yaml first, and with `yaml` only when that read fails or the file
 * holds something the two libraries read differently, or when the file has a problem to
 * report with its line.
 *
 * A file in the plain block shape most monitors files take is read by block-yaml.ts,
 * quicker still, with js-yaml's rules; it leaves every other text to js-yaml.
 *
 * The two agree on YAML 1.2's core schema with merge keys (`<<`) and unique keys. Where
 * they differ (measured: tags, `%` directives, `0b` and signed `0x`/`0o` integers, `+.5`
 * and `-.5`, null and collection keys), the text is left to `yaml`. js-yaml shares an
 * alias's value instead of copying it, so a value that would grow past the size of the
 * text when expanded (the "billion laughs") is left to `yaml` too, which refuses it.
 */
import type { Schema } from "js-yaml";
import { readBlockYaml } from "./block-yaml";

let schema: Schema | undefined;
/** js-yaml and its schema, loaded only for a file the block read leaves to it. */
function jsYaml(): { load: typeof import("js-yaml").load; schema: Schema } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- most files need none of it
  const { CORE_SCHEMA, load, types } = require("js-yaml") as typeof import("js-yaml");
  schema ??= CORE_SCHEMA.extend({ implicit: [types.merge] });
  return { load, schema };
}

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
  // Most files are plain block YAML, which block-yaml.ts reads as js-yaml does, only sooner.
  const block = readBlockYaml(text);
  if (block) return block;
  let root: unknown;
  try {
    const { load, schema: withMerge } = jsYaml();
    root = load(text, { schema: withMerge });
  } catch {
    return undefined;
  }
  return plainAndBounded(root, { left: text.length + 1000 }) ? { root } : undefined;
}
