/** zod schemas to the JSON Schema (2020-12) that OpenAPI 3.1 embeds. */
import { z } from "zod";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/**
 * `schema` as JSON Schema: `input` for what a request may carry, `output` for what a
 * response holds. Refinements written as code are not representable; the schemas carry
 * them as metadata (patterns.ts) where a pattern can say them.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "throw" }) as JsonSchema;
  delete out.$schema;
  return mapObjects(out, wholeNumbers);
}

/** `node` with `fix` applied to every object in it, innermost first. */
function mapObjects(node: JsonSchema, fix: (o: JsonSchema) => JsonSchema): JsonSchema {
  const walk = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(walk);
    if (n === null || typeof n !== "object") return n;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(n)) out[k] = walk(v);
    return fix(out);
  };
  return walk(node) as JsonSchema;
}

/** zod writes `number` for a literal like 60; the API's numbers are whole, so say `integer`. */
function wholeNumbers(o: JsonSchema): JsonSchema {
  const values = Array.isArray(o.enum) ? o.enum : "const" in o ? [o.const] : undefined;
  if (o.type === "number" && values?.every((v) => Number.isInteger(v))) return { ...o, type: "integer" };
  return o;
}

/**
 * `schema` with every object closed (`additionalProperties: false`), list entries
 * included: the service answers 422 "not allowed" to a field it does not know, and to a
 * field without a name (`=x`, `[name]=x`) too, so no name is let through.
 */
export function closed(schema: JsonSchema): JsonSchema {
  return mapObjects(schema, (o) =>
    o.type === "object" && o.properties && o.additionalProperties === undefined
      ? { ...o, additionalProperties: false }
      : o,
  );
}

/**
 * `schema` as a form carries it: a form has no null, and an empty value is what clears a
 * field (the service reads it as null), so every `null` of the schema becomes "".
 */
export function asForm(schema: JsonSchema): JsonSchema {
  const EMPTY = { type: "string", maxLength: 0 };
  return mapObjects(schema, (o) => {
    if (o.type === "null") return { ...o, ...EMPTY };
    if (Array.isArray(o.type) && o.type.includes("null")) {
      // Only "" stands for null: `["integer", "null"]` must not become "any string".
      const rest = o.type.filter((t) => t !== "null");
      const { description, ...own } = o;
      const nonNull = { ...own, type: rest.length === 1 ? rest[0] : rest };
      return description === undefined ? { anyOf: [nonNull, EMPTY] } : { description, anyOf: [nonNull, EMPTY] };
    }
    return o;
  });
}

/**
 * `schema` with every object open to more fields: instances differ by version and may
 * return fields this description does not list (zod closes the objects it outputs).
 */
export function open(schema: JsonSchema): JsonSchema {
  return mapObjects(schema, (o) => {
    if (o.additionalProperties !== false) return o;
    const { additionalProperties: _, ...rest } = o;
    return rest;
  });
}
