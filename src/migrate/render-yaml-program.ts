/**
 * A Pulumi YAML program (Pulumi.yaml) declaring a migration's monitors through the provider
 * plugin: each secret a config variable declared `secret: true` and read as `${key}`, the
 * same keys export's TypeScript reads with `config.requireSecret`.
 */
import { Document } from "yaml";
import { withPlaceholders, type ExportedMonitor, type ExportPlan } from "../export/plan";
import { noted } from "../export/render-yaml";
import { headerLines, secretsFooterLines } from "../export/text";
import { pluginType } from "../schemas/type-tokens";
import type { HostGroup } from "./group-by-host";

/** Options of {@link renderYamlProgram}. */
interface ProgramOptions {
  /** The Pulumi project name. */
  project: string;
  /** Where the monitors came from, for the header. */
  source: string;
  /** With `--component`: the components, and the plan's monitors they do not hold. */
  grouped?: { groups: HostGroup[]; alone: ExportedMonitor[] };
}

/** The type tokens of the plugin's monitor resource and component. */
const MONITOR_TYPE = pluginType("Monitor");
const COMPONENT_TYPE = pluginType("ServiceMonitors");

/** A value with each secret placeholder as the `${key}` of its config variable. */
const fromConfig = (v: unknown) => withPlaceholders(v, (p) => `\${${p.configKey}}`);

export function renderYamlProgram(plan: ExportPlan, options: ProgramOptions): string {
  const monitors = options.grouped?.alone ?? plan.monitors;
  const groups = options.grouped?.groups ?? [];
  const resources: Record<string, unknown> = {};
  for (const m of monitors) {
    resources[m.resourceName] = {
      type: MONITOR_TYPE,
      properties: Object.fromEntries(m.args.map(([k, v]) => [k, fromConfig(v)])),
    };
  }
  for (const g of groups) {
    resources[g.resourceName] = {
      type: COMPONENT_TYPE,
      properties: {
        service: g.service,
        baseUrl: g.baseUrl,
        ...Object.fromEntries(g.shared.map(([k, v]) => [k, fromConfig(v)])),
        checks: Object.fromEntries(g.checks.map((c) => [c.key, fromConfig(c.check)])),
      },
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
  return noted(
    doc,
    "resources",
    { ...plan, monitors },
    {
      header: [
        ...headerLines(plan.monitors.length, options.source, undefined, "pulumi-uptime migrate"),
        ...(groups.length
          ? [
              "The checks of each ServiceMonitors below are the exception: a component's monitors are created, not adopted.",
            ]
          : []),
      ],
      notesOf: (m) => [`${JSON.stringify(m.monitor.name)} (${m.label ?? ""})`],
      notesOfKey: (key) => {
        const g = groups.find((x) => x.resourceName === key);
        return g
          ? [
              `The monitors of ${g.service}, one check each, named <environment>/${g.service}/<key> on the service (created, not adopted):`,
              ...g.checks.map(
                (c) => `  ${c.key}: ${JSON.stringify(c.monitor.monitor.name)} (${c.monitor.label ?? ""})`,
              ),
            ]
          : [];
      },
      footer: secretsFooterLines(plan.secrets, "The program reads them as ${<key>} config variables.", SET_YOURSELF),
    },
  );
}

/** The heading of the config values a migration never writes (all of them). */
export const SET_YOURSELF = "Copy each value from the old vendor (migration-report.json says which are in the input):";
