/**
 * The quickest read of a monitors file: YAML in the shape such files take, read line by
 * line, with js-yaml's own rules for what a plain scalar means. A 1,000-monitor file took
 * js-yaml 20 to 30 ms in a fresh process (its loader runs character by character, cold),
 * this 5 to 8 ms, and the file is read at every `pulumi-uptime test --file`.
 *
 * What it reads: block mappings whose keys are plain names (`api`, `x-defaults`,
 * `requestHeaders`), block sequences (`- a`, `- key: v`), and on one line each plain,
 * single-quoted and double-quoted scalars, with comments and blank lines. Anything else
 * (flow collections, anchors, aliases, merge keys, tags, block or multi-line scalars, tabs,
 * CR, a document marker, a duplicate key, a key a resolver would turn into another value
 * such as `true` or `0x1F`) makes it give up, and the text goes to js-yaml as before: it
 * never reads a text differently, only fewer of them.
 */

/** js-yaml's implicit types (null, bool, int, float, merge), loaded only for a scalar that needs them. */
type Resolver = { resolve(text: string): boolean; construct(text: string): unknown };
let resolvers: readonly Resolver[] | undefined;
function implicitTypes(): readonly Resolver[] {
  if (!resolvers) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of names and URLs needs none of it
    const { CORE_SCHEMA, types } = require("js-yaml") as typeof import("js-yaml");
    resolvers = (CORE_SCHEMA.extend({ implicit: [types.merge] }) as unknown as { compiledImplicit: Resolver[] })
      .compiledImplicit;
  }
  return resolvers;
}

const GIVE_UP = Symbol("give up");
type Read = unknown;

/** Keys read here: plain names that no resolver turns into another value. */
const KEY = /^[A-Za-z_][\w./-]*$/;
const KEYWORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** How a plain scalar may not start in block context, or starts what this reader leaves to js-yaml. */
const NOT_PLAIN = /^(?:[[\]{}&*!|>%@`'",?#:]|-(?:\s|$))/;
/** Characters js-yaml refuses in a stream (its own pattern): such a text is left to it, to be refused. */
const NON_PRINTABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** A decimal integer whose value Number gives exactly as js-yaml does. */
const SHORT_DECIMAL = /^(?:0|[1-9]\d{0,14})$/;

/** A plain scalar's value, as js-yaml's core schema reads it. */
function plainValue(text: string): unknown {
  const c = text.charCodeAt(0);
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  // Only null, true and false start with a letter: a name or a URL is a string at once.
  if (letter) {
    if (!KEYWORD.test(text)) return text;
    return text[0] === "n" || text[0] === "N" ? null : text[0] === "t" || text[0] === "T";
  }
  if (SHORT_DECIMAL.test(text)) return Number(text);
  for (const type of implicitTypes()) if (type.resolve(text)) return type.construct(text);
  return text;
}

/** Whether `rest`, after a closing quote, is nothing or a comment. */
const endsLine = (rest: string) => rest === "" || /^ +#/.test(rest);

/** A scalar written on one line (`raw` trimmed), or GIVE_UP. */
function scalar(raw: string): Read | typeof GIVE_UP {
  if (raw[0] === '"') {
    let i = 1;
    while (i < raw.length && raw[i] !== '"') i += raw[i] === "\\" ? 2 : 1;
    if (i >= raw.length || !endsLine(raw.slice(i + 1))) return GIVE_UP;
    // JSON's escapes are a subset of YAML's with the same meaning; YAML's others fail JSON.
    try {
      return JSON.parse(raw.slice(0, i + 1)) as string;
    } catch {
      return GIVE_UP;
    }
  }
  if (raw[0] === "'") {
    let out = "";
    let i = 1;
    for (; ; i++) {
      if (i >= raw.length) return GIVE_UP;
      if (raw[i] === "'") {
        if (raw[i + 1] !== "'") break;
        i++;
      }
      out += raw[i];
    }
    return endsLine(raw.slice(i + 1)) ? out : GIVE_UP;
  }
  if (NOT_PLAIN.test(raw)) return GIVE_UP;
  const hash = raw.indexOf(" #");
  const text = hash < 0 ? raw : raw.slice(0, hash).trimEnd();
  if (text.includes(": ") || text.endsWith(":")) return GIVE_UP;
  return plainValue(text);
}

interface Line {
  indent: number;
  content: string;
}

const isItem = (content: string) => content === "-" || content.startsWith("- ");

/** Reads the lines from `pos` on; each method returns GIVE_UP when the text is not for it. */
class Reader {
  private pos = 0;
  constructor(private readonly lines: Line[]) {}

  get done(): boolean {
    return this.pos === this.lines.length;
  }

  /** The next line's indentation, or -1 at the end. */
  private nextIndent(): number {
    return this.pos < this.lines.length ? this.lines[this.pos].indent : -1;
  }

  /** The block starting at the current line. */
  block(): Read | typeof GIVE_UP {
    const first = this.lines[this.pos];
    return isItem(first.content) ? this.sequence(first.indent) : this.mapping(first.indent);
  }

  private mapping(indent: number): Read | typeof GIVE_UP {
    const out: Record<string, unknown> = {};
    while (this.nextIndent() === indent) {
      const { content } = this.lines[this.pos];
      const colon = content.indexOf(":");
      const key = content.slice(0, colon);
      if (colon < 0 || !KEY.test(key) || KEYWORD.test(key) || key === "__proto__" || Object.hasOwn(out, key))
        return GIVE_UP;
      const after = content.slice(colon + 1);
      this.pos++;
      let value: Read | typeof GIVE_UP;
      if (after === "" || /^ +#/.test(after)) {
        // A nested block, deeper; a sequence at the key's own indentation is left to js-yaml.
        if (this.nextIndent() > indent) value = this.block();
        else if (this.nextIndent() === indent && isItem(this.lines[this.pos].content)) return GIVE_UP;
        else value = null;
      } else {
        if (after[0] !== " ") return GIVE_UP;
        value = scalar(after.trimStart());
        // A deeper line after a scalar continues it (a multi-line scalar): left to js-yaml.
        if (this.nextIndent() > indent) return GIVE_UP;
      }
      if (value === GIVE_UP) return GIVE_UP;
      out[key] = value;
    }
    return this.nextIndent() > indent ? GIVE_UP : out;
  }

  private sequence(indent: number): Read | typeof GIVE_UP {
    const out: unknown[] = [];
    while (this.nextIndent() === indent && isItem(this.lines[this.pos].content)) {
      const { content } = this.lines[this.pos];
      if (content === "-") return GIVE_UP;
      const rest = content.slice(2);
      const item = rest.trimStart();
      const colon = item.indexOf(":");
      if (colon > 0 && (colon === item.length - 1 || item[colon + 1] === " ") && KEY.test(item.slice(0, colon))) {
        // `- key: value`: a mapping whose keys line up after the dash.
        const inner = indent + 2 + (rest.length - item.length);
        this.lines[this.pos] = { indent: inner, content: item };
        const value = this.mapping(inner);
        if (value === GIVE_UP) return GIVE_UP;
        out.push(value);
      } else {
        this.pos++;
        const value = scalar(item);
        if (value === GIVE_UP || this.nextIndent() > indent) return GIVE_UP;
        out.push(value);
      }
    }
    return this.nextIndent() > indent ? GIVE_UP : out;
  }
}

/** The value of `text`, or undefined when it is not in the shape read here (then js-yaml reads it). */
export function readBlockYaml(text: string): { root: unknown } | undefined {
  if (text.includes("\t") || text.includes("\r") || NON_PRINTABLE.test(text)) return undefined;
  const lines: Line[] = [];
  for (const line of text.split("\n")) {
    const content = line.trimStart();
    if (content === "" || content[0] === "#") continue;
    lines.push({ indent: line.length - content.length, content: content.trimEnd() });
  }
  if (!lines.length || lines[0].indent !== 0) return undefined;
  const reader = new Reader(lines);
  const root = reader.block();
  return root === GIVE_UP || !reader.done ? undefined : { root };
}
