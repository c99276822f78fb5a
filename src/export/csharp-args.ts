/**
 * A `Monitor` argument as C# spells it in a `MonitorArgs` initializer with the uptime .NET
 * SDK (namespace `PulumiUptime.Uptime`, imported as `Uptime`): enums by the member names of
 * the package schema, list entries as `Uptime.Inputs.*Args`, each secret read from config.
 * Migrate's C# program and export's lines for `pulumi import`'s C# code both write arguments
 * with it.
 */
import { enumMemberName } from "../plugin/package-schema";
import { toPascal } from "../schemas/name-case";
import { quoted } from "./java-csharp-text";
import { isPlaceholder } from "./plan";
import { ENUM_TYPES } from "./sdk-enums";

const INDENT = "    ";

type Pair = { key: string; value: unknown };

/**
 * The initializer line `Field = value,` of one argument, written at `depth` (a list's
 * entries one deeper), secrets as `<configVar>.RequireSecret("key")`.
 */
export function csharpArg(field: string, v: unknown, depth: number, configVar: string): string {
  return `${toPascal(field)} = ${csharpValue(field, v, depth, configVar)},`;
}

function csharpValue(field: string, v: unknown, depth: number, configVar: string): string {
  if (isPlaceholder(v)) return `${configVar}.RequireSecret(${quoted(v.configKey)})`;
  if (Array.isArray(v)) {
    const alerts = field === "alerts";
    const pad = INDENT.repeat(depth + 1);
    const items = (v as Pair[]).map((e) => {
      const key = alerts ? `Uptime.AlertChannel.${enumMemberName("AlertChannel", e.key)}` : quoted(e.key);
      return `${pad}new Uptime.Inputs.${alerts ? "AlertArgs" : "RequestHeaderArgs"} { Key = ${key}, Value = ${csharpValue("", e.value, 0, configVar)} },`;
    });
    return `new[]\n${INDENT.repeat(depth)}{\n${items.join("\n")}\n${INDENT.repeat(depth)}}`;
  }
  const type = ENUM_TYPES[field];
  if (type) return `Uptime.${type}.${enumMemberName(type, v as string | number)}`;
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  return quoted(String(v));
}
