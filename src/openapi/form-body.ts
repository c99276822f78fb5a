/**
 * Request bodies as a form carries them, for the OpenAPI description. A form has no null
 * and no types: the service (Laravel's ConvertEmptyStringsToNull) reads an empty value as
 * null, which every optional field takes as "not given" or "clear", and it reads its flags
 * with the `boolean` rule. The zod schemas say what the client sends, which is narrower;
 * this file widens them to what the service accepts, so that a fuzzer working from the
 * description calls nothing invalid that the service takes.
 */
import { fieldsOf } from "../schemas/fields";
import { asForm, closed, jsonSchemaOf, type JsonSchema } from "./json-schema";

/** An empty form value. */
const EMPTY_VALUE: JsonSchema = { type: "string", maxLength: 0 };

/**
 * Flags the service reads with Laravel's `boolean` rule, which takes true, false, 1 and 0
 * alike: the client sends `cache_buster` as 0 or 1 and `pause` as true or false.
 */
const EITHER_FLAG_SPELLING: Record<string, JsonSchema> = {
  cache_buster: { type: "boolean" },
  pause: { type: "integer", enum: [0, 1] },
};

/** A list entry whose key and value are both blank: the service drops it, as its form request does. */
const DROPPED_ENTRY: JsonSchema = {
  type: "object",
  properties: { key: { type: "string", pattern: "^\\s*$" }, value: { type: "string", pattern: "^\\s*$" } },
  additionalProperties: false,
  description: "An entry with both sides blank is dropped.",
};

/** Whether `s` takes "" as it stands: a string with no enum, no minimum length and no pattern that refuses "". */
function takesEmpty(s: JsonSchema): boolean {
  if (s.type === undefined && s.anyOf === undefined) return true;
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).some(takesEmpty);
  if (s.type !== "string" || s.enum !== undefined || s.const !== undefined || (s.minLength as number) > 0) return false;
  return s.pattern === undefined || String(s.pattern).startsWith("^$|");
}

/** `s` as one of several alternatives, its description kept outside. */
function orElse(s: JsonSchema, other: JsonSchema): JsonSchema {
  const { description, ...own } = s;
  const branches = Array.isArray(own.anyOf) && Object.keys(own).length === 1 ? (own.anyOf as JsonSchema[]) : [own];
  return description === undefined ? { anyOf: [...branches, other] } : { description, anyOf: [...branches, other] };
}

/**
 * The body schema of a form request from `schema`, closed to unknown fields. Every field
 * outside `required` and `requiredWhenSent` also takes "" (what the service reads as null);
 * fields in `requiredWhenSent` (name, url and interval on update) refuse it, as the
 * service does with "The name field is required.". List entries may be blank (dropped).
 * A field the provider names by itself when a program omits it (`name`) keeps the first
 * sentence of its doc: the rest is about programs, and the API requires it.
 */
export function formBody(schema: Parameters<typeof fieldsOf>[0], requiredWhenSent: readonly string[] = []): JsonSchema {
  const body = closed(asForm(jsonSchemaOf(schema, "input")));
  const properties = body.properties as Record<string, JsonSchema>;
  const required = new Set([...((body.required as string[] | undefined) ?? []), ...requiredWhenSent]);
  for (const f of fieldsOf(schema)) {
    if (f.autoname && properties[f.wire])
      properties[f.wire].description = /^[^.]*\./.exec(f.description)?.[0] ?? f.description;
  }
  for (const [name, other] of Object.entries(EITHER_FLAG_SPELLING)) {
    if (properties[name]) properties[name] = orElse(properties[name], other);
  }
  for (const [name, s] of Object.entries(properties)) {
    const list = s.type === "array" ? s : (s.anyOf as JsonSchema[] | undefined)?.find((b) => b.type === "array");
    if (list?.items && (list.items as JsonSchema).type === "object")
      list.items = { anyOf: [list.items, DROPPED_ENTRY] };
    else if (list?.items && (list.items as JsonSchema).oneOf) list.items = { anyOf: [list.items, DROPPED_ENTRY] };
    if (!required.has(name) && !takesEmpty(properties[name])) properties[name] = orElse(properties[name], EMPTY_VALUE);
  }
  return body;
}
