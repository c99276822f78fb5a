/**
 * The block read of a monitors file (block-yaml.ts) gives exactly what js-yaml gives, or
 * gives up: on generated files in and around the shape it reads, on files in that shape (it
 * must read them, or it saves nothing), and on each construct it leaves to js-yaml.
 */
import fc from "fast-check";
import { CORE_SCHEMA, load, types } from "js-yaml";
import { expect, test } from "vitest";
import { readBlockYaml } from "../../src/gitops/block-yaml";

const SCHEMA = CORE_SCHEMA.extend({ implicit: [types.merge] });
const THREW = Symbol("js-yaml threw");
function byJsYaml(text: string): unknown {
  try {
    return load(text, { schema: SCHEMA });
  } catch {
    return THREW;
  }
}

test("a monitors file in block style is read, as js-yaml reads it", () => {
  const text = [
    "# The team's monitors.",
    "monitors:",
    "  api:   # the public API",
    '    name: "API: health # not a comment"',
    "    url: https://api.example.com/health?x=1&y=2#top",
    "    interval: 60",
    "    sslAlertDays: 0",
    "    paused: false",
    "    cacheBuster: true",
    "    alertTextLookup: 'it''s down'",
    "    requestMethod:",
    "    domainAlertDays: 1.5",
    "    maintenanceStartAt: 2026-01-01T10:00:00",
    "    requestHeaders:",
    "      - key: Accept",
    '        value: "text/plain; q=0.9 \\u00e4 \\"x\\""',
    "      -   key: X-Trace",
    "          value: ~",
    "",
    "  x-web:",
    "    name: web#1 ä",
    "    url: ${config:webUrl}",
    "    interval: 007",
    "    tags:",
    "      - a",
    "      - -5",
    "      - 1e3",
    "      - .inf",
    "      - null",
    "      - True",
    "      - 0x1F",
  ].join("\n");
  const read = readBlockYaml(text);
  expect(read, "read by the block reader").toBeDefined();
  expect(read!.root).toEqual(byJsYaml(text));
});

test("every construct outside the block shape is left to js-yaml", () => {
  const left = [
    "a: [1, 2]",
    "a: {b: 1}",
    "a: &x 1\nb: *x",
    "x: &d\n  i: 1\na:\n  <<: *d",
    "a: !!str 1",
    "a: |\n  text",
    "a: >-\n  text",
    "a: plain\n  continued",
    "a:\n  - x\n    continued",
    "a:\tb",
    "a: b\r\nc: d",
    "---\na: 1",
    "a: 1\na: 2",
    "true: x",
    "0x1F: x",
    "1st: x",
    "__proto__: x",
    "a: b\u0001",
    "a:\n- x",
    "a:\n  -\n  - x",
    'a: "\\x41"',
    'a: "open',
    "a: 'open",
    "a: b: c",
    "a: -",
    "a: - x",
    "a:\n    b: 1\n  c: 2",
    "  a: 1",
    "a: 'x' y",
    '"a": 1',
    "? a\n: b",
    "a: b:",
    "a:b",
    "m:\n  a:b",
  ];
  for (const text of left) expect(readBlockYaml(text), JSON.stringify(text)).toBeUndefined();
});

/** Scalars that mean something else unquoted, or are not plain at all. */
const TRICKY = [
  "true",
  "True",
  "TRUE",
  "false",
  "null",
  "Null",
  "~",
  "",
  "60",
  "0",
  "007",
  "0x1F",
  "0o17",
  "1e3",
  "1_000",
  ".inf",
  "-.inf",
  ".nan",
  "-5",
  "+5",
  "1.5",
  "12345678901234567890",
  "a: b",
  "a #b",
  "a#b",
  "- x",
  "-x",
  "x -",
  "'q'",
  '"q"',
  "it's",
  "http://h/p?q=1&r=2#f",
  " lead",
  "trail ",
  "ä ü €",
  "a:b",
  "[x]",
  "{x}",
  "&a",
  "*a",
  "!t",
  "|",
  "> x",
  "%x",
  "@x",
  "`x",
  "?x",
  ",x",
  "#x",
  ":x",
  "<<",
  "yes",
  "no",
  "=x",
  "nan",
  "nULL",
  "x:",
  "\\",
  "\\n",
  "${config:key}",
];

/** A scalar written plain, single- or double-quoted, or with a YAML-only escape. */
const scalarText = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
);
const writtenScalar = fc.oneof(
  scalarText,
  scalarText.map((s) => `'${s.replace(/'/g, "''")}'`),
  scalarText.map((s) => JSON.stringify(s)),
  fc.constantFrom('"\\x41"', '"\\ "', '"\\e"', '"\\N"', '"\\/"', '"\\t"'),
);
const keyText = fc.oneof(
  fc.constantFrom("name", "url", "interval", "x-defaults", "a.b", "c/d", "_e", "f-1", "true", "1a", "<<", "k k"),
  fc.stringMatching(/^[A-Za-z_][\w.-]{0,6}$/),
);

type Node =
  { kind: "scalar"; text: string } | { kind: "map"; entries: [string, Node][] } | { kind: "seq"; items: Node[] };
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    writtenScalar.map((text) => ({ kind: "scalar" as const, text })),
    fc
      .array(fc.tuple(keyText, tie("node")), { minLength: 1, maxLength: 4 })
      .map((entries) => ({ kind: "map" as const, entries })),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((items) => ({ kind: "seq" as const, items })),
  ),
})).node;

/** Renders `n` as block YAML with `step` spaces a level, comments and blank lines as `noise` says. */
function render(n: Node, step: number, noise: boolean[]): string {
  const lines: string[] = [];
  let k = 0;
  const extra = () => noise[k++ % noise.length];
  const emit = (n: Node, indent: number, lead: string) => {
    const pad = " ".repeat(indent);
    if (n.kind === "scalar") {
      lines.push(`${pad}${lead}${n.text}${extra() ? " # note" : ""}`);
    } else if (n.kind === "map") {
      n.entries.forEach(([key, value], i) => {
        const prefix = i === 0 ? `${pad}${lead}` : " ".repeat(indent + lead.length);
        if (value.kind === "scalar") lines.push(`${prefix}${key}: ${value.text}`);
        else {
          lines.push(`${prefix}${key}:${extra() ? "  # nested" : ""}`);
          if (extra()) lines.push("");
          emit(value, indent + lead.length + step, "");
        }
      });
    } else {
      for (const item of n.items) {
        if (item.kind === "seq") {
          lines.push(`${pad}-`);
          emit(item, indent + step, "");
        } else emit(item, indent, "- ");
      }
    }
  };
  emit(n, 0, "");
  return lines.join("\n");
}

test("on generated files, whatever it reads is what js-yaml reads, and it reads most plain ones", () => {
  let read = 0;
  let runs = 0;
  fc.assert(
    fc.property(
      node,
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      (n, step, noise) => {
        const text = render(n.kind === "scalar" ? { kind: "map", entries: [["monitors", n]] } : n, step, noise);
        runs++;
        const block = readBlockYaml(text);
        if (block === undefined) return;
        read++;
        const js = byJsYaml(text);
        expect(js, text).not.toBe(THREW);
        expect(block.root, text).toEqual(js);
      },
    ),
    { numRuns: 2000 },
  );
  // Not a property that holds by reading nothing: a good share of the files are read.
  expect(read / runs).toBeGreaterThan(0.2);
});
