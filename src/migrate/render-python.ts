/**
 * A Python program (`__main__.py`) declaring a migration's monitors with the uptime
 * package's Python SDK: the arguments export plans, in snake case, each secret read with
 * `config.require_secret`, so the program holds none.
 */
import { isPlaceholder, type ExportPlan } from "../export/plan";
import { headerLines, oneLine, secretsFooterLines } from "../export/text";
import { toSnake } from "../schemas/name-case";
import { ENUM_TYPES } from "../export/sdk-enums";
import { SET_YOURSELF } from "./render-yaml-program";

const INDENT = "    ";

/** A Python expression: JSON strings and numbers are Python literals too; booleans, enums and lists are spelled out. */
function literal(value: unknown, field: string): string {
  if (isPlaceholder(value)) return `config.require_secret(${JSON.stringify(value.configKey)})`;
  if (ENUM_TYPES[field]) return `uptime.${ENUM_TYPES[field]}(${JSON.stringify(value)})`;
  if (typeof value === "boolean") return value ? "True" : "False";
  if (Array.isArray(value)) {
    const args = field === "alerts" ? "uptime.AlertArgs" : "uptime.RequestHeaderArgs";
    const items = value.map((e: { key: string; value: unknown }) => {
      const key = field === "alerts" ? `uptime.AlertChannel(${JSON.stringify(e.key)})` : JSON.stringify(e.key);
      return `${args}(key=${key}, value=${literal(e.value, "")})`;
    });
    return `[\n${items.map((i) => `${INDENT}${INDENT}${i},`).join("\n")}\n${INDENT}]`;
  }
  return JSON.stringify(value);
}

export function renderPython(plan: ExportPlan, source: string): string {
  const lines = [
    ...headerLines(plan.monitors.length, source, undefined, "pulumi-uptime migrate").map((l) => `# ${l}`.trimEnd()),
    "import pulumi",
    "import pulumi_uptime as uptime",
    "",
    "config = pulumi.Config()",
    "",
  ];
  for (const m of plan.monitors) {
    lines.push(`# ${oneLine(JSON.stringify(m.monitor.name))} (${oneLine(m.label ?? "")})`);
    lines.push(`uptime.Monitor(`, `${INDENT}${JSON.stringify(m.resourceName)},`);
    for (const [field, value] of m.args) lines.push(`${INDENT}${toSnake(field)}=${literal(value, field)},`);
    lines.push(")", "");
  }
  for (const l of secretsFooterLines(plan.secrets, "They are read with config.require_secret above.", SET_YOURSELF))
    lines.push(`# ${l}`.trimEnd());
  return `${lines.join("\n")}\n`;
}
