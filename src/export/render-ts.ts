/** Renders an export as a TypeScript Pulumi program. */
import { isPlaceholder, type ExportPlan } from "./plan";
import { headerLines, oneLine, secretsFooterLines } from "./text";

const INDENT = "    ";

/** A TypeScript literal for a plain value (strings as JSON strings, which TS accepts). */
function literal(value: unknown, depth: number): string {
  if (isPlaceholder(value)) return `config.requireSecret(${JSON.stringify(value.configKey)})`;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const pad = INDENT.repeat(depth + 1);
    return `[\n${value.map((v) => `${pad}${literal(v, depth + 1)},`).join("\n")}\n${INDENT.repeat(depth)}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(
      ([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${literal(v, depth)}`,
    );
    return `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** The time zone to name in the header: only when some monitor has a maintenance window. */
export function zoneNote(plan: ExportPlan, timeZone: string | undefined): string | undefined {
  return plan.monitors.some((m) => m.monitor.maintenance_start_at) ? (timeZone ?? "UTC") : undefined;
}

/** Options of {@link renderTs}. */
export interface RenderOptions {
  /** Where the monitors were read from (the base URL), for the header. */
  source?: string;
  /** The time zone dates were read in; named in the header when a monitor has a maintenance window. */
  timeZone?: string;
  /** The command named in the header. Default: `pulumi-uptime export`. */
  generator?: string;
  /** Heading of the secret config values the source did not return. Default: export's. */
  unknownSecretsHeading?: string;
}

/**
 * A ready `index.ts`: one `new uptime.Monitor(...)` per monitor, with `adopt: true`;
 * secret placeholders read with `config.requireSecret` and listed at the end.
 */
export function renderTs(plan: ExportPlan, options: RenderOptions = {}): string {
  const lines: string[] = [];
  for (const l of headerLines(
    plan.monitors.length,
    options.source,
    zoneNote(plan, options.timeZone),
    options.generator,
  ))
    lines.push(`// ${l}`.trimEnd());
  lines.push("");
  if (plan.secrets.length) lines.push('import * as pulumi from "@pulumi/pulumi";');
  lines.push('import * as uptime from "pulumi-uptime";', "");
  if (plan.secrets.length) lines.push("const config = new pulumi.Config();", "");
  for (const m of plan.monitors) {
    lines.push(`// ${oneLine(JSON.stringify(m.monitor.name))} (${oneLine(m.label ?? `id ${m.monitor.id}`)})`);
    for (const note of m.notes) lines.push(`// ${oneLine(note)}`);
    if (m.hasSecretValues)
      lines.push("// alert and header values come from secret config and are stored as secrets in state.");
    lines.push(`new uptime.Monitor(${JSON.stringify(m.resourceName)}, {`);
    for (const [field, value] of m.args) lines.push(`${INDENT}${field}: ${literal(value, 1)},`);
    lines.push("});", "");
  }
  const footer = secretsFooterLines(
    plan.secrets,
    "They are read with config.requireSecret above.",
    options.unknownSecretsHeading,
  );
  for (const l of footer) lines.push(`// ${l}`.trimEnd());
  return `${lines.join("\n")}\n`;
}
