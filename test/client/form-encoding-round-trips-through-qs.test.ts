/**
 * The form encoder writes what a PHP/qs parser reads back: lists with numeric indices,
 * booleans as 1/0, null and empty lists as empty values, and any text (unicode, `&`,
 * `=`, brackets, spaces, `+`, `%`) unchanged.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import qs from "qs";
import { encodeForm, type FormValue } from "../../src/client/encode";

/** What a PHP-style parser gives back for a value: everything becomes text. */
function asParsed(v: FormValue): unknown {
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return String(v);
  if (v === null) return "";
  if (Array.isArray(v)) return v.length === 0 ? "" : v.map(asParsed);
  if (typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, asParsed(x)]),
    );
  }
  return v;
}

const parse = (s: string) => qs.parse(s, { arrayLimit: 1000 });

// Keys are API field names: identifiers, never numeric (those would read as indices) and
// never a name on Object.prototype (qs drops those by design).
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => !(k in Object.prototype));
const tricky = fc.constantFrom(
  "&",
  "=",
  "[",
  "]",
  " ",
  "+",
  "%",
  "%20",
  "a=b&c",
  "é",
  "😀",
  "中",
  "\n",
  "#",
  "?",
  "/",
  ";",
);
const text = fc.string({
  unit: fc.oneof(tricky, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
  maxLength: 12,
});
const scalar = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));

// Nesting is capped below qs's default parse depth (5); the API itself nests two deep.
const { value } = fc.letrec<{ value: FormValue; record: FormValue }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthIdentifier: "form", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 25, depthIdentifier: "form" }),
    tie("record"),
  ),
  record: fc.dictionary(key, tie("value"), { minKeys: 1, maxKeys: 4, depthIdentifier: "form" }),
}));
const topLevel = fc.dictionary(key, fc.option(value, { nil: undefined }), { maxKeys: 8 });

describe("encodeForm", () => {
  it("writes lists with readable indices, as the service documents", () => {
    const s = encodeForm({
      alerts: [
        { key: "email", value: "ops@example.com" },
        { key: "sms", value: "+4912345" },
      ],
      request_headers: [{ key: "X-A", value: "1" }],
    });
    expect(s).toBe(
      "alerts[0][key]=email&alerts[0][value]=ops%40example.com&alerts[1][key]=sms&alerts[1][value]=%2B4912345" +
        "&request_headers[0][key]=X-A&request_headers[0][value]=1",
    );
  });

  it("writes booleans as 1/0, null as an empty value, an empty list as an empty value, and leaves out undefined", () => {
    expect(encodeForm({ pause: true })).toBe("pause=1");
    expect(encodeForm({ pause: false })).toBe("pause=0");
    expect(encodeForm({ alert_text_lookup: null })).toBe("alert_text_lookup=");
    expect(encodeForm({ alerts: [] })).toBe("alerts=");
    expect(encodeForm({ name: undefined, interval: 60 })).toBe("interval=60");
  });

  it("escapes the characters that would split or nest a value", () => {
    const s = encodeForm({ v: "a&b=c[d]e f+g%h" });
    expect(s).toBe("v=a%26b%3Dc%5Bd%5De%20f%2Bg%25h");
    expect(parse(s)).toEqual({ v: "a&b=c[d]e f+g%h" });
  });

  it("escapes !'()* as RFC 3986 does, in upper-case hex", () => {
    expect(encodeForm({ v: "!'()*" })).toBe("v=%21%27%28%29%2A");
  });

  it("sends a lone surrogate as U+FFFD, as a browser's form would", () => {
    expect(encodeForm({ v: "x\uD800" })).toBe("v=x%EF%BF%BD");
  });

  it("round-trips any input through qs.parse (numbers and booleans come back as text)", () => {
    fc.assert(
      fc.property(topLevel, (input) => {
        expect(parse(encodeForm(input))).toEqual(asParsed(input));
      }),
      { numRuns: 500 },
    );
  });
});
