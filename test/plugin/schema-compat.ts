/**
 * Breaking changes between two Pulumi package schemas (schema.json): what a minor or patch
 * release must not do to programs and stacks written against the older one. Checks every
 * resource, function, object type and the provider: removed resources, functions, types,
 * properties and enum values, changed property types, inputs newly required, outputs no
 * longer always present, outputs no longer secret, provider inputs whose default is new
 * or changed, and a resource's list inputs removed, retyped or newly required. Additions (a new optional input, a new resource) are not breaking, nor an input
 * no longer marked secret (the provider may keep it secret from check on).
 */

/** A property as a schema declares it (the parts that make its type). */
interface SchemaProperty {
  type?: string;
  default?: unknown;
  $ref?: string;
  items?: SchemaProperty;
  additionalProperties?: SchemaProperty;
  oneOf?: SchemaProperty[];
  secret?: boolean;
}

interface ObjectShape {
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}

interface SchemaType extends ObjectShape {
  type?: string;
  enum?: { name?: string; value: unknown }[];
}

interface SchemaResource extends ObjectShape {
  inputProperties?: Record<string, SchemaProperty>;
  requiredInputs?: string[];
  /** The filters of the provider's `List` (what `pulumi do … list` takes as flags). */
  listInputs?: ObjectShape;
}

interface SchemaFunction {
  inputs?: ObjectShape;
  outputs?: ObjectShape;
}

/** The parts of a package schema compared. */
export interface PackageSchema {
  version?: string;
  provider?: SchemaResource;
  resources?: Record<string, SchemaResource>;
  functions?: Record<string, SchemaFunction>;
  types?: Record<string, SchemaType>;
}

/** One breaking change: where (a token and property path) and what. */
export interface BreakingChange {
  where: string;
  what: string;
}

/** A property's type written out, to compare two declarations (descriptions and defaults ignored). */
function typeOf(p: SchemaProperty | undefined): string {
  if (!p) return "?";
  if (p.$ref) return p.$ref;
  if (p.oneOf) return `oneOf(${p.oneOf.map(typeOf).join("|")})`;
  if (p.type === "array") return `array<${typeOf(p.items)}>`;
  if (p.type === "object" && p.additionalProperties) return `map<${typeOf(p.additionalProperties)}>`;
  return p.type ?? "?";
}

function compareProperties(
  where: string,
  kind: string,
  before: Record<string, SchemaProperty> = {},
  after: Record<string, SchemaProperty> = {},
  out: BreakingChange[],
): void {
  for (const [name, old] of Object.entries(before)) {
    const now = after[name];
    if (!now) out.push({ where: `${where}.${name}`, what: `${kind} removed` });
    else if (typeOf(old) !== typeOf(now))
      out.push({ where: `${where}.${name}`, what: `${kind} type changed from ${typeOf(old)} to ${typeOf(now)}` });
    // An SDK marks what it reads back secret from the schema: an output unmarked would show in plaintext.
    else if (kind !== "input" && old.secret && !now.secret)
      out.push({ where: `${where}.${name}`, what: `${kind} no longer secret` });
  }
}

/**
 * Required names that break an older program: an input newly required (it may not set it),
 * an output no longer required (it may read it unguarded).
 */
function compareRequired(
  where: string,
  kind: "input" | "output",
  before: string[] = [],
  after: string[] = [],
  out: BreakingChange[],
): void {
  const [from, to, what] =
    kind === "input"
      ? [before, after, "input newly required"]
      : [after, before, "output no longer required (may be absent)"];
  for (const name of to) if (!from.includes(name)) out.push({ where: `${where}.${name}`, what });
}

function compareResource(where: string, before: SchemaResource, after: SchemaResource, out: BreakingChange[]): void {
  compareProperties(where, "input", before.inputProperties, after.inputProperties, out);
  compareRequired(where, "input", before.requiredInputs, after.requiredInputs, out);
  compareProperties(where, "output", before.properties, after.properties, out);
  compareRequired(where, "output", before.required, after.required, out);
  // A script that lists with a filter breaks when the filter goes, changes type or becomes required.
  if (before.listInputs && !after.listInputs) out.push({ where: `${where}(list)`, what: "list inputs removed" });
  else if (before.listInputs) {
    compareProperties(`${where}(list)`, "input", before.listInputs.properties, after.listInputs?.properties, out);
    compareRequired(`${where}(list)`, "input", before.listInputs.required, after.listInputs?.required, out);
  }
}

function compareType(where: string, before: SchemaType, after: SchemaType, out: BreakingChange[]): void {
  if ((before.type ?? "object") !== (after.type ?? "object"))
    out.push({ where, what: `type changed from ${before.type} to ${after.type}` });
  for (const e of before.enum ?? []) {
    if (!(after.enum ?? []).some((n) => n.value === e.value))
      out.push({ where, what: `enum value ${JSON.stringify(e.value)} removed` });
  }
  // Object types serve as inputs and outputs both: neither a removal nor a new requirement is safe.
  compareProperties(where, "property", before.properties, after.properties, out);
  compareRequired(where, "input", before.required, after.required, out);
  compareRequired(where, "output", before.required, after.required, out);
}

function compareMap<T>(
  kind: string,
  before: Record<string, T> = {},
  after: Record<string, T> = {},
  compare: (where: string, b: T, a: T, out: BreakingChange[]) => void,
  out: BreakingChange[],
): void {
  for (const [token, old] of Object.entries(before)) {
    const now = after[token];
    if (now === undefined) out.push({ where: token, what: `${kind} removed` });
    else compare(token, old, now, out);
  }
}

/**
 * Provider inputs whose default is new or changed: the SDKs send a schema default as an input,
 * so every provider recorded without it (or with the old one) would show an update. A new
 * setting's default belongs where the setting is used (`defaultInSchema: false`).
 */
function compareProviderDefaults(
  before: Record<string, SchemaProperty> = {},
  after: Record<string, SchemaProperty> = {},
  out: BreakingChange[],
): void {
  for (const [name, now] of Object.entries(after)) {
    if (now.default === undefined) continue;
    const old = before[name]?.default;
    if (JSON.stringify(old) !== JSON.stringify(now.default)) {
      out.push({
        where: `provider.${name}`,
        what:
          old === undefined
            ? `input default ${JSON.stringify(now.default)} added (SDKs send it: every recorded provider would show an update)`
            : `input default changed from ${JSON.stringify(old)} to ${JSON.stringify(now.default)}`,
      });
    }
  }
}

/** Every breaking change from `before` to `after` (empty when `after` is a compatible successor). */
export function breakingChanges(before: PackageSchema, after: PackageSchema): BreakingChange[] {
  const out: BreakingChange[] = [];
  if (before.provider) {
    compareResource("provider", before.provider, after.provider ?? {}, out);
    compareProviderDefaults(before.provider.inputProperties, after.provider?.inputProperties, out);
  }
  compareMap("resource", before.resources, after.resources, compareResource, out);
  compareMap(
    "function",
    before.functions,
    after.functions,
    (where, b, a, o) => {
      compareProperties(`${where}(inputs)`, "input", b.inputs?.properties, a.inputs?.properties, o);
      compareRequired(`${where}(inputs)`, "input", b.inputs?.required, a.inputs?.required, o);
      compareProperties(`${where}(outputs)`, "output", b.outputs?.properties, a.outputs?.properties, o);
      compareRequired(`${where}(outputs)`, "output", b.outputs?.required, a.outputs?.required, o);
    },
    out,
  );
  compareMap("type", before.types, after.types, compareType, out);
  return out;
}

/** The major version of a semver string ("1.2.3" → 1). */
export function majorOf(version: string): number {
  const m = /^v?(\d+)\./.exec(version);
  if (!m) throw new Error(`not a semantic version: ${JSON.stringify(version)}`);
  return Number(m[1]);
}

/** Whether a release at `version` may break the baseline recorded at `baselineVersion`: only a higher major may. */
export function mayBreak(baselineVersion: string, version: string): boolean {
  return majorOf(version) > majorOf(baselineVersion);
}
