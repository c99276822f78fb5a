/**
 * A Pulumi YAML program (Pulumi.yaml) declaring a migration's monitors through the provider
 * plugin: each secret a config variable declared `secret: true` and read as `${key}`, the
 * same keys export's TypeScript reads with `config.requireSecret`.
 */
import { Document } from "yaml";
import { withPlaceholders, type ExportPlan } from "../export/plan";
import { noted } from "../export/render-yaml";
import { headerLines, secretsFooterLines } from "../export/text";
import { pluginType } from "../schemas/type-tokens";

/** Options of {@link renderYamlProgram}. */
interface ProgramOptions {
  /** The Pulumi project name. */
  project: string;
  /** Where the monitors came from, for the header. */
  source: string;
}

/** The type token of the plugin's monitor resource. */
const MONITOR_TYPE = pluginType("Monitor");

export function renderYamlProgram(plan: ExportPlan, options: ProgramOptions): string {
  const resources: Record<string, unknown> = {};
  for (const m of plan.monitors) {
    resources[m.resourceName] = {
      type: MONITOR_TYPE,
      properties: Object.fromEntries(m.args.map(([k, v]) => [k, withPlaceholders(v, (p) => `\${${p.configKey}}`)])),
    };
  }
  const config = Object.fromEntries(plan.secrets.map((s) => [s.configKey, { type: "string", secret: true }]));
  const doc = new Document({
    name: options.project,
    runtime: "yaml",
    description: `Monitors migrated from ${options.source}`,
    ...(plan.secrets.length ? { config } : {}),
    resources,
  });
  return noted(doc, "resources", plan, {
    header: headerLines(plan.monitors.length, options.source, undefined, "pulumi-uptime migrate"),
    notesOf: (m) => [`${JSON.stringify(m.monitor.name)} (${m.label ?? ""})`],
    footer: secretsFooterLines(plan.secrets, "The program reads them as ${<key>} config variables.", SET_YOURSELF),
  });
}

/** The heading of the config values a migration never writes (all of them). */
export const SET_YOURSELF = "Copy each value from the old vendor (migration-report.json says which are in the input):";
