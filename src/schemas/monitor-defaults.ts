/**
 * The provider's `defaults` setting: the monitor fields a team sets once for every monitor
 * of a provider, plus the prefix of generated names. The fields and their rules are the
 * monitor's own (the store schema's fields marked `teamDefault`), so a default is valid
 * exactly when the same value on a monitor is.
 */
import { z } from "zod";
import { ALWAYS, text } from "./common";
import { field, fieldsOf } from "./fields";
import { NOT_JSON, readJsonSetting } from "./json-setting";
import { monitorCreateSchema } from "./monitor";
import { toCamel, toSnake, type CamelCase } from "./name-case";

/** Most characters of `namePrefix`: a generated name keeps room for the resource's own name. */
export const NAME_PREFIX_MAX = 64;

type MonitorShape = typeof monitorCreateSchema.shape;

/** The monitor fields a default may give, in the store schema's order. */
const TEAM_DEFAULT_INFO = fieldsOf(monitorCreateSchema).filter((f) => f.teamDefault);

/** The monitor fields a default may give, wire names, in the store schema's order. */
export const TEAM_DEFAULT_WIRE_FIELDS = TEAM_DEFAULT_INFO.map((f) => f.wire as keyof MonitorShape);

const monitorPart = Object.fromEntries(
  TEAM_DEFAULT_WIRE_FIELDS.map((wire) => [wire, (monitorCreateSchema.shape[wire] as z.ZodType).optional()]),
) as Record<string, z.ZodType>;

const defaultsShape = {
  ...monitorPart,
  name_prefix: field(
    text(NAME_PREFIX_MAX),
    "Prefix of the names the provider generates for monitors that declare none (autonaming): `<prefix><generated name>`. A declared name is used as written; a name generated before is kept.",
  ).optional(),
};

/** Every name the defaults take, program names (`alertCondition`), in order. */
export const TEAM_DEFAULT_NAMES = Object.keys(defaultsShape).map((wire) => toCamel(wire));

/** Fields holding whole numbers, which config gives as text. */
const INTEGER_WIRE = new Set(TEAM_DEFAULT_INFO.filter((f) => f.kind === "integer").map((f) => f.wire));

/**
 * The defaults as stack config, an environment variable or an explicit provider give them:
 * JSON text or an object, in program names, numbers possibly as text (config values are
 * strings), `cacheBuster` possibly as a boolean. Returned keyed by wire names, coerced.
 */
function readDefaults(value: unknown): unknown {
  const v = readJsonSetting(value);
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(v)) {
    const wire = toSnake(key);
    let x = raw;
    if (INTEGER_WIRE.has(wire) && typeof x === "string" && /^\s*-?\d+\s*$/.test(x)) x = Number(x);
    if (wire === "cache_buster" && (x === true || x === "true")) x = 1;
    if (wire === "cache_buster" && (x === false || x === "false")) x = 0;
    out[wire] = x;
  }
  return out;
}

/**
 * The `defaults` setting's schema, in wire names like the monitor's; it reads JSON text and
 * program names (see `readDefaults`). Names it does not know are refused, listing the ones it does.
 */
export const monitorDefaultsSchema = z.preprocess(
  readDefaults,
  z
    .looseObject(defaultsShape, {
      error: (iss) =>
        iss.input === NOT_JSON
          ? "must be a JSON object of monitor fields; got text that is not JSON"
          : "must be an object of monitor fields, e.g. { interval: 300 }",
    })
    .superRefine((given, ctx) => {
      if (!given || typeof given !== "object") return;
      for (const key of Object.keys(given)) {
        if (key in defaultsShape) continue;
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is not a field the defaults can give; allowed: ${TEAM_DEFAULT_NAMES.join(", ")}`,
        });
      }
    }, ALWAYS),
);

type MonitorWire = z.output<typeof monitorCreateSchema>;

/**
 * The `defaults` setting as the runtime uses it: program names, valid values. Typed as any
 * monitor field, since which fields take a default is known only when the schema is read.
 */
export type MonitorDefaults = { [K in keyof MonitorWire as CamelCase<K & string>]?: MonitorWire[K] } & {
  namePrefix?: string;
};
