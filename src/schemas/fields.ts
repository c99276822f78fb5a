/**
 * What the schemas say about each field beyond its type, and one reader of it all.
 *
 * A field's zod schema carries its description (`.describe`) and, in the `fieldMeta`
 * registry, whether it is secret or write-only, the service's default, when the service
 * lets it change, and its name in programs when that is not the camelCase of the wire name.
 * `fieldsOf` turns an object schema into the list every consumer derives from: the
 * providers' field lists, the reference (docs/reference.md), the package schema, the resource classes.
 */
import { z } from "zod";
import { toCamel } from "./name-case";

/** Metadata of one field, registered on its schema with {@link field}. */
export interface FieldMeta {
  /** Secret in state, as input and output (passwords, webhook URLs, header values). */
  secret?: boolean;
  /**
   * With `secret`: an input the package schema does not mark secret, so that the YAML
   * language host and the SDKs send a value written out in the program as a plain string and
   * the provider's check can tell it from a secret one (the credential-header policy rule
   * reads which). Check returns it secret, so state and previews hold it as a secret, and
   * the output stays marked secret.
   */
  plaintextInput?: boolean;
  /** The service never returns it: compared with the value last written. */
  writeOnly?: boolean;
  /** The service's value when the field is omitted; `check` fills it so that both compare equal. */
  default?: unknown;
  /**
   * `false`: the default is applied where the value is used and is left out of the package
   * schema, so the SDKs send nothing for an omitted value. A setting added after a release
   * must be so: an SDK that sent its default would change the inputs of every provider
   * recorded before, and upgrading would show an update.
   */
  defaultInSchema?: boolean;
  /** `store`: set on store only. `first`: written once, the first value wins. */
  once?: "store" | "first";
  /** Name in programs when not the camelCase of the wire name (`pause` → `paused`). */
  name?: string;
  /** Read by the provider only; never sent to the service (`adopt`, `adoptId`). */
  providerOnly?: boolean;
  /** Managed only when set: omitting it leaves the service's value alone (`paused`, the maintenance window). */
  onlyWhenSet?: boolean;
  /** Required by the service, optional in programs: omitted, the provider generates it (autonaming). */
  autoname?: boolean;
  /**
   * A field a team sets once in the provider's `defaults` setting (monitor-defaults.ts):
   * optional in programs, since an omitted value may come from there.
   */
  teamDefault?: boolean;
  /** The package schema's name of an object setting's type (`MonitorDefaults`). */
  typeName?: string;
  /** A provider setting's environment variable, read when the stack config has none. */
  env?: string;
  /** A provider setting in a few words, for tables (`Service root URL`). */
  title?: string;
  /** What a provider setting without a default does when unset, for tables (`required`, `not paced`). */
  unset?: string;
}

/** The registry holding every field's {@link FieldMeta}. */
export const fieldMeta = z.registry<FieldMeta>();

/** `schema` described and registered with its metadata. */
export function field<T extends z.ZodType>(schema: T, description: string, meta: FieldMeta = {}): T {
  const described = schema.describe(description) as T;
  (described as z.ZodType).register(fieldMeta, meta);
  return described;
}

/** The kinds of value a field holds. */
/** `map`: an object keyed by names the program chooses (a component's checks), its values `item` or `valueKind`. */
export type FieldKind = "string" | "integer" | "number" | "boolean" | "pairs" | "object" | "map";

/** One field as every consumer sees it. */
export interface FieldInfo extends FieldMeta {
  /** Name in the API (snake_case). */
  wire: string;
  /** Name in programs (camelCase). */
  name: string;
  description: string;
  /** Must be given (not optional in the object schema). */
  required: boolean;
  kind: FieldKind;
  /** The allowed values, when the schema restricts them to a list. */
  allowed?: readonly (string | number)[];
  /** Most characters of a string. */
  maxLength?: number;
  /** Most entries of a list. */
  maxItems?: number;
  /** The object schema of a list's entries, of an object's properties, or of a map's values. */
  item?: z.ZodObject;
  /** The kind of a map's values when they are not objects. */
  valueKind?: FieldKind;
}

type Inner = z.ZodType & {
  def: {
    type: string;
    innerType?: Inner;
    element?: Inner;
    valueType?: Inner;
    in?: Inner;
    out?: Inner;
    checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  };
  description?: string;
  values?: Set<string | number>;
  options?: string[];
  maxLength?: number | null;
};

/** The schema under optional/nullable/pipe wrappers: the one carrying the field's rules and metadata. */
export function unwrapField(schema: z.ZodType): Inner {
  let cur = schema as Inner;
  for (;;) {
    if (fieldMeta.has(cur)) return cur;
    const d = cur.def;
    if ((d.type === "optional" || d.type === "nullable" || d.type === "default") && d.innerType) cur = d.innerType;
    else if (d.type === "pipe" && d.out) cur = d.out.def.type === "transform" ? d.in! : d.out;
    else return cur;
  }
}

/** A limit the schema carries as metadata (common.ts `text` and `list` put them there). */
function limitOf(s: Inner, key: "maxLength" | "maxItems"): number | undefined {
  const value = z.globalRegistry.get(s)?.[key];
  return typeof value === "number" ? value : undefined;
}

function kindOf(s: Inner): Pick<FieldInfo, "kind" | "allowed" | "maxLength" | "maxItems" | "item" | "valueKind"> {
  switch (s.def.type) {
    case "literal": {
      const values = [...(s.values ?? [])];
      return { kind: typeof values[0] === "number" ? "integer" : "string", allowed: values };
    }
    case "enum":
      return { kind: "string", allowed: s.options ?? [] };
    case "boolean":
      return { kind: "boolean" };
    case "number":
      return { kind: (s as unknown as z.ZodNumber).isInt ? "integer" : "number" };
    case "object":
      return { kind: "object", item: s as unknown as z.ZodObject };
    case "pipe":
      // A preprocessed value (a setting read from JSON text): what it must become says what it is.
      return kindOf(s.def.out!);
    case "union": {
      // An id given as a number or a numeric string: the first option says what it is.
      const first = (s.def as unknown as { options: Inner[] }).options[0];
      return kindOf(unwrapField(first));
    }
    case "record": {
      const value = unwrapField(s.def.valueType!);
      const of = kindOf(value);
      return of.kind === "object" ? { kind: "map", item: of.item } : { kind: "map", valueKind: of.kind };
    }
    case "array": {
      // The limit travels as metadata (common.ts `list`), or as zod's own `.max`.
      const check = s.def.checks?.find((c) => c._zod.def.check === "max_length");
      const max = limitOf(s, "maxItems") ?? (check?._zod.def as { maximum?: number } | undefined)?.maximum;
      const element = unwrapField(s.def.element!);
      return { kind: "pairs", maxItems: max, item: element as unknown as z.ZodObject };
    }
    default:
      return { kind: "string", maxLength: limitOf(s, "maxLength") ?? s.maxLength ?? undefined };
  }
}

/** Every field of an object schema, in its declared order. */
export function fieldsOf(object: z.ZodObject): FieldInfo[] {
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([wire, schema]) => {
    const inner = unwrapField(schema);
    const meta = fieldMeta.get(inner) ?? {};
    const outer = schema as Inner;
    return {
      ...meta,
      ...kindOf(inner),
      wire,
      name: meta.name ?? toCamel(wire),
      description: inner.description ?? outer.description ?? "",
      required: !(
        meta.autoname ||
        meta.teamDefault ||
        outer.def.type === "optional" ||
        schema.safeParse(undefined).success
      ),
    };
  });
}

/** The program names of `fields` that satisfy `pick`. */
export function namesWhere(fields: readonly FieldInfo[], pick: (f: FieldInfo) => boolean = () => true): string[] {
  return fields.filter(pick).map((f) => f.name);
}
