/**
 * A `Monitor` argument as Java spells it in a `MonitorArgs.builder()` chain with the uptime
 * Java SDK: enums by the member names of the package schema, list entries through their
 * `*Args.builder()`, each secret read from config. Migrate's Java program and export's lines
 * for `pulumi import`'s Java code both write arguments with it.
 */
import { enumMemberName } from "../plugin/package-schema";
import { quoted } from "./java-csharp-text";
import { isPlaceholder } from "./plan";
import { ENUM_TYPES } from "./sdk-enums";

/** The package of the uptime Java SDK. */
export const JAVA_SDK = "io.github.pulumiuptime.uptime";

const INDENT = "    ";

type Pair = { key: string; value: unknown };

/**
 * The builder call `.field(value)` of one argument; list entries each on their own line at
 * `depth`, secrets as `<configVar>.requireSecret("key")`.
 */
export function javaArg(field: string, v: unknown, depth: number, configVar: string): string {
  return `.${field}(${javaValue(field, v, depth, configVar)})`;
}

function javaValue(field: string, v: unknown, depth: number, configVar: string): string {
  if (isPlaceholder(v)) return `${configVar}.requireSecret(${quoted(v.configKey)})`;
  if (Array.isArray(v)) {
    const alerts = field === "alerts";
    const pad = INDENT.repeat(depth);
    const items = (v as Pair[]).map((e) => {
      const key = alerts ? `AlertChannel.${enumMemberName("AlertChannel", e.key)}` : quoted(e.key);
      return `${pad}${alerts ? "AlertArgs" : "RequestHeaderArgs"}.builder().key(${key}).value(${javaValue("", e.value, 0, configVar)}).build()`;
    });
    return `\n${items.join(",\n")}`;
  }
  const type = ENUM_TYPES[field];
  if (type) return `${type}.${enumMemberName(type, v as string | number)}`;
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  return quoted(String(v));
}

/** The SDK classes (fully named) that `args` name besides Monitor and MonitorArgs. */
export function javaClassesOf(args: readonly [string, unknown][]): string[] {
  const used = new Set<string>();
  for (const [field] of args) {
    if (ENUM_TYPES[field]) used.add(`${JAVA_SDK}.enums.${ENUM_TYPES[field]}`);
    if (field === "alerts") used.add(`${JAVA_SDK}.enums.AlertChannel`).add(`${JAVA_SDK}.inputs.AlertArgs`);
    if (field === "requestHeaders") used.add(`${JAVA_SDK}.inputs.RequestHeaderArgs`);
  }
  return [...used];
}
