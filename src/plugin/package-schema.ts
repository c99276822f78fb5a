/**
 * The Pulumi package schema of `uptime`, generated from the zod schemas and their field
 * metadata: every property's type, description, required-ness, allowed values (as enum
 * types), default and secrecy. The plugin's `GetSchema` answers with it, `npm run generate`
 * writes it to schema.json, and a test fails when that file is stale.
 */
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  CACHE_BUSTER_VALUES,
  EXPIRY_ALERT_DAYS,
  INCIDENT_FIELDS,
  INCIDENT_SEARCH_BY,
  INCIDENT_SORT_BY,
  INCIDENT_STATUSES,
  INTERVALS,
  MONITOR_FIELDS,
  MONITOR_SEARCH_BY,
  MONITOR_SORT_BY,
  MONITOR_STATUSES,
  PROVIDER_CONFIG_FIELDS,
  REQUEST_METHODS,
  SORT_ORDERS,
  fieldsOf,
  getIncidentArgsSchema,
  getMonitorArgsSchema,
  getMonitorReportArgsSchema,
  monitorReportBudgetSchema,
  monitorReportSchema,
  serviceMonitorsInputsSchema,
  serviceMonitorsOutputsSchema,
  incidentListQuerySchema,
  incidentListInputsSchema,
  monitorListQuerySchema,
  monitorListInputsSchema,
  type FieldInfo,
} from "../schemas";
import { PACKAGE, RESOURCE_DOCS, FUNCTION_DOCS, tokenOf } from "./package-info";
import { examplesBlock, type Example } from "./examples";
import { EXAMPLES } from "./examples.generated";
import { toPascal } from "../schemas/name-case";

/** A description followed by its examples in every language (docs/examples/<name>), when written. */
function documented(examples: Record<string, Example>, name: string, text: string): string {
  const example = examples[name];
  return example ? `${text}\n\n${examplesBlock(example)}` : text;
}

/** A property of the package schema. */
interface PropertySpec {
  type?: "string" | "integer" | "boolean" | "array" | "object" | "number";
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  description?: string;
  default?: unknown;
  defaultInfo?: { environment: string[] };
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}

type ObjectSpec = { properties: Record<string, PropertySpec>; required?: string[] };

/**
 * Names of the members of a numeric enum, which the SDKs need (`Interval.Seconds60` in
 * TypeScript, `uptime.IntervalSeconds60` in Go); string members are named after their
 * value (`url_no_text` → `UrlNoText`, `GET` → `Get`).
 */
type MemberName = (value: number) => string;
const seconds: MemberName = (v) => `Seconds${v}`;
const days: MemberName = (v) => (v === 0 ? "Disabled" : `Days${v}`);
const onOff: MemberName = (v) => (v === 0 ? "Disabled" : "Enabled");

/** The names of the package's enum types, one per list of allowed values. */
const ENUMS: [string, readonly (string | number)[], string, MemberName?][] = [
  ["Interval", INTERVALS, "Check interval in seconds.", seconds],
  ["AlertCondition", ALERT_CONDITIONS, "When a monitor alerts."],
  ["RequestMethod", REQUEST_METHODS, "HTTP method of the check request."],
  ["CacheBuster", CACHE_BUSTER_VALUES, "1 adds a random query parameter to each check; 0 does not.", onOff],
  ["ExpiryAlertDays", EXPIRY_ALERT_DAYS, "Days before an expiry to alert; 0 disables.", days],
  ["AlertChannel", ALERT_CHANNELS, "An alert channel."],
  ["MonitorStatus", MONITOR_STATUSES, "State of a monitor."],
  ["IncidentStatus", INCIDENT_STATUSES, "State of an incident."],
  ["SortOrder", SORT_ORDERS, "Sort direction."],
  ["MonitorSearchBy", MONITOR_SEARCH_BY, "Field a monitor search looks in."],
  ["MonitorSortBy", MONITOR_SORT_BY, "Field monitors are sorted by."],
  ["IncidentSearchBy", INCIDENT_SEARCH_BY, "Field an incident search looks in."],
  ["IncidentSortBy", INCIDENT_SORT_BY, "Field incidents are sorted by."],
];

function enumFor(values: readonly (string | number)[]): string {
  const key = JSON.stringify(values);
  const found = ENUMS.find(([, v]) => JSON.stringify(v) === key);
  if (!found) throw new Error(`no enum type named for the allowed values ${key}: add it to ENUMS`);
  return found[0];
}

const ref = (name: string) => `#/types/${tokenOf(name)}`;

/** `requestHeaders` → `RequestHeader`: the type of one entry of a list field. */
function itemTypeName(f: FieldInfo): string {
  return toPascal(f.name).replace(/s$/, "");
}

/** The type of an object setting (`defaults` → `MonitorDefaults`). */
function objectTypeName(f: FieldInfo): string {
  if (!f.typeName) throw new Error(`object field ${f.name} has no typeName: give it one in its schema's metadata`);
  return f.typeName;
}

/** The types of the provider's object settings: their fields as the monitor declares them, none required, no defaults. */
function settingTypes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of PROVIDER_CONFIG_FIELDS.filter((x) => x.kind === "object")) {
    out[tokenOf(objectTypeName(f))] = {
      type: "object",
      description: f.description,
      ...objectOf(fieldsOf(f.item!), true, () => false),
    };
  }
  return out;
}

function limits(f: FieldInfo): string {
  if (f.maxLength) return ` At most ${f.maxLength} characters.`;
  if (f.maxItems) return ` At most ${f.maxItems} entries.`;
  return "";
}

/** One field as a property; `asOutput` drops what only inputs carry (defaults). */
function property(f: FieldInfo, asOutput = false): PropertySpec {
  const spec: PropertySpec = { description: `${f.description}${limits(f)}${f.secret ? " Secret." : ""}` };
  if (f.allowed) spec.$ref = ref(enumFor(f.allowed));
  else if (f.kind === "object") spec.$ref = ref(objectTypeName(f));
  else if (f.kind === "pairs") Object.assign(spec, { type: "array", items: { $ref: ref(itemTypeName(f)) } });
  else if (f.kind === "map")
    Object.assign(spec, {
      type: "object",
      additionalProperties: f.item ? { $ref: ref(objectTypeName(f)) } : { type: f.valueKind },
    });
  else spec.type = f.kind;
  if (!asOutput && f.default !== undefined && !Array.isArray(f.default) && f.defaultInSchema !== false)
    spec.default = f.default;
  // A plaintext input is secret from the provider's check on, not in the program (fields.ts).
  if (f.secret && (asOutput || !f.plaintextInput)) spec.secret = true;
  if (!asOutput && f.once === "store" && !f.providerOnly) spec.willReplaceOnChanges = true;
  return spec;
}

function objectOf(fields: readonly FieldInfo[], asOutput = false, required?: (f: FieldInfo) => boolean): ObjectSpec {
  const properties: Record<string, PropertySpec> = {};
  for (const f of fields) properties[f.name] = property(f, asOutput);
  const req = fields.filter(required ?? ((f) => f.required)).map((f) => f.name);
  return req.length ? { properties, required: req } : { properties };
}

/**
 * Outputs are present once the service has answered: required inputs (those a name or a
 * team default may fill too), defaulted ones and required computed ones.
 */
const alwaysOutput = (f: FieldInfo) =>
  f.required || f.autoname || f.teamDefault || (f.default !== undefined && !f.providerOnly);

/**
 * The filters the provider's `List` takes (resource-list.ts). An allowed-values field is a
 * plain string or integer here, its values in its description: `pulumi do … list` makes a
 * command-line flag only of a plain type, and the provider checks the value.
 */
function listInputs(
  schema: Parameters<typeof fieldsOf>[0],
  kind: string,
  order: string,
): ObjectSpec & { description: string } {
  const properties: Record<string, PropertySpec> = {};
  for (const f of fieldsOf(schema)) {
    const spec = property(f);
    if (f.allowed) {
      delete spec.$ref;
      spec.type = f.kind as PropertySpec["type"];
      spec.description += ` One of: ${f.allowed.join(", ")}.`;
    }
    properties[f.name] = spec;
  }
  const description = `Filters of the provider's \`List\` of ${kind}s (\`pulumi do ${tokenOf(toPascal(kind))} list\`), all optional; results come ${order}, a page at a time.`;
  return { description, properties };
}

function resource(
  fields: typeof MONITOR_FIELDS | typeof INCIDENT_FIELDS,
  description: string,
  list: ObjectSpec & { description: string },
) {
  const inputs = [...fields.api, ...fields.provider];
  const ins = objectOf(inputs);
  const outs = objectOf([...inputs, ...fields.computed], true, alwaysOutput);
  return {
    description,
    inputProperties: ins.properties,
    requiredInputs: ins.required ?? [],
    properties: outs.properties,
    required: outs.required ?? [],
    listInputs: list,
  };
}

/** Fields of a read monitor or incident, as the functions return them (write-only fields never come back). */
function infoFields(fields: typeof MONITOR_FIELDS | typeof INCIDENT_FIELDS): FieldInfo[] {
  return [...fields.computed, ...fields.api.filter((f) => !f.writeOnly)];
}

function pairsTypes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of MONITOR_FIELDS.api.filter((x) => x.kind === "pairs")) {
    const item = objectOf(fieldsOf(f.item!));
    out[tokenOf(itemTypeName(f))] = {
      type: "object",
      description: `One entry of \`${f.name}\`: ${f.description}`,
      ...item,
    };
  }
  return out;
}

/** `url_no_text` → `UrlNoText`, `GET` → `Get`: a string value as an enum member's name. */
function memberOf(value: string): string {
  return value
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(toPascal)
    .join("");
}

/**
 * The SDKs' name of `value` in the enum type `name` (`Interval`, 300 → `Seconds300`): what
 * a Java or C# program spells, where an enum cannot be made from its value.
 */
export function enumMemberName(name: string, value: string | number): string {
  const found = ENUMS.find(([n]) => n === name);
  if (!found || !found[1].includes(value)) throw new Error(`${JSON.stringify(value)} is not a value of enum ${name}`);
  const memberName = found[3];
  return memberName ? memberName(value as number) : memberOf(value as string);
}

/** The object types of a component's inputs (`ServiceCheck`, `ServiceCheckBasicAuth`), found by walking its fields. */
function componentTypes(fields: readonly FieldInfo[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields.filter((x) => x.item && (x.kind === "object" || x.kind === "map"))) {
    const inner = fieldsOf(f.item!);
    const description = f.item!.description ?? f.description;
    out[tokenOf(objectTypeName(f))] = { type: "object", description, ...objectOf(inner) };
    Object.assign(out, componentTypes(inner));
  }
  return out;
}

/** `ServiceMonitors`: a component the plugin's Construct builds, one Monitor per check. */
function serviceMonitorsResource(description: string) {
  const ins = objectOf(fieldsOf(serviceMonitorsInputsSchema));
  const outs = objectOf(fieldsOf(serviceMonitorsOutputsSchema), true);
  return {
    isComponent: true,
    description,
    inputProperties: ins.properties,
    requiredInputs: ins.required ?? [],
    properties: outs.properties,
    required: outs.required ?? [],
  };
}

function enumTypes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values, description, memberName] of ENUMS) {
    if (!memberName !== (typeof values[0] === "string"))
      throw new Error(`enum ${name}: numeric values need member names, string values take none`);
    out[tokenOf(name)] = {
      type: memberName ? "integer" : "string",
      description,
      enum: values.map((value) => ({ name: enumMemberName(name, value), value })),
    };
  }
  return out;
}

/** Query arguments of a list function: every filter, no paging (the functions read every page). */
function listArgs(fields: FieldInfo[]): ObjectSpec {
  return objectOf(fields.filter((f) => f.wire !== "per_page" && f.wire !== "page"));
}

/**
 * The two functions that read a kind of resource without managing it: `get<Kind>` takes
 * an id and returns a `<Kind>Info`; `get<Kind>s` takes the list filters and returns every
 * match, all pages read.
 */
function readFunctions(
  examples: Record<string, Example>,
  kind: "Monitor" | "Incident",
  argsSchema: Parameters<typeof fieldsOf>[0],
  listQuerySchema: Parameters<typeof fieldsOf>[0],
  info: ObjectSpec,
): Record<string, unknown> {
  const one = `get${kind}` as const;
  const all = `get${kind}s` as const;
  const plural = `${kind.toLowerCase()}s`;
  return {
    [tokenOf(one)]: {
      description: documented(examples, one, FUNCTION_DOCS[one]),
      inputs: objectOf(fieldsOf(argsSchema)),
      outputs: info,
    },
    [tokenOf(all)]: {
      description: documented(examples, all, FUNCTION_DOCS[all]),
      inputs: listArgs(fieldsOf(listQuerySchema)),
      outputs: {
        properties: {
          [plural]: {
            type: "array",
            items: { $ref: ref(`${kind}Info`) },
            description: `Every matching ${kind.toLowerCase()}, all pages read.`,
          },
        },
        required: [plural],
      },
    },
  };
}

function configVariables(): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const f of PROVIDER_CONFIG_FIELDS) {
    // An object has no SDK-side fallback to an environment variable: the plugin reads UPTIME_DEFAULTS itself.
    out[f.name] = f.kind === "object" ? property(f) : { ...property(f), defaultInfo: { environment: [f.env] } };
    // `pulumi do` (CLI 3.257 and later) configures the provider from its flags, a
    // --provider-file and the environment only: it never reads the stack's config.
    const doFlag = f.kind === "object" ? "" : `\`--${f.configKey.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}\`, `;
    out[f.name].description +=
      ` Falls back to stack config \`${f.configKey}\`, then ${f.env}.` +
      ` \`pulumi do\` reads no stack config: give it ${doFlag}\`--provider-file\` or ${f.env}.`;
  }
  return out;
}

/**
 * The whole package schema. The examples are the baked ones (./examples.generated.ts)
 * unless given: `npm run generate` passes the ones it reads from docs/examples, so that one
 * run brings an edited example into schema.json and the SDKs.
 */
function packageSchema(examples: Record<string, Example> = EXAMPLES): Record<string, unknown> {
  const config = configVariables();
  const monitorInfo = objectOf(infoFields(MONITOR_FIELDS), true, alwaysOutput);
  const incidentInfo = objectOf(infoFields(INCIDENT_FIELDS), true, alwaysOutput);
  return {
    ...PACKAGE,
    config: { variables: config },
    provider: {
      description: "The uptime provider: which service and account the resources and functions use.",
      inputProperties: config,
      properties: Object.fromEntries(
        Object.entries(config)
          .filter(([k]) => k !== "apiKey")
          .map(([k, v]) => [k, { ...v, default: undefined, defaultInfo: undefined }]),
      ),
    },
    types: {
      ...enumTypes(),
      ...pairsTypes(),
      ...settingTypes(),
      ...componentTypes(fieldsOf(serviceMonitorsInputsSchema)),
      [tokenOf("MonitorInfo")]: {
        type: "object",
        description: "A monitor as the functions return it.",
        ...monitorInfo,
      },
      [tokenOf("IncidentInfo")]: {
        type: "object",
        description: "An incident as the functions return it.",
        ...incidentInfo,
      },
      [tokenOf("MonitorReportBudget")]: {
        type: "object",
        description: "The error budget of an SLO over the measured period.",
        ...objectOf(fieldsOf(monitorReportBudgetSchema), true),
      },
    },
    resources: {
      [tokenOf("Monitor")]: resource(
        MONITOR_FIELDS,
        documented(examples, "Monitor", RESOURCE_DOCS.Monitor),
        listInputs(monitorListInputsSchema, "monitor", "by ascending id"),
      ),
      [tokenOf("Incident")]: resource(
        INCIDENT_FIELDS,
        documented(examples, "Incident", RESOURCE_DOCS.Incident),
        listInputs(incidentListInputsSchema, "incident", "by ascending start time, then id"),
      ),
      [tokenOf("ServiceMonitors")]: serviceMonitorsResource(
        documented(examples, "ServiceMonitors", RESOURCE_DOCS.ServiceMonitors),
      ),
    },
    functions: {
      ...readFunctions(examples, "Monitor", getMonitorArgsSchema, monitorListQuerySchema, monitorInfo),
      ...readFunctions(examples, "Incident", getIncidentArgsSchema, incidentListQuerySchema, incidentInfo),
      [tokenOf("getMonitorReport")]: {
        description: documented(examples, "getMonitorReport", FUNCTION_DOCS.getMonitorReport),
        inputs: objectOf(fieldsOf(getMonitorReportArgsSchema)),
        outputs: objectOf(fieldsOf(monitorReportSchema), true),
      },
    },
  };
}

/** Where the package schema is committed, relative to the repository root. */
export const SCHEMA_JSON_PATH = "schema.json";

/** The schema as schema.json holds it. */
export function packageSchemaText(examples: Record<string, Example> = EXAMPLES): string {
  return `${JSON.stringify(packageSchema(examples), null, 2)}\n`;
}
