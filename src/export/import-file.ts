/**
 * `--format import`: the file `pulumi import --file` reads, so that Pulumi's code generators
 * write the program in the stack's own language. Each monitor and incident with its type
 * token (the plugin's), the resource name the export chooses, and its id. A monitor with
 * secret-bearing fields gets an id ending in `:secrets-from-config`: the plugin's read then
 * leaves those fields out of what the generator sees, and they come from secret config.
 */
import type { Incident } from "../schemas";
import { SECRETS_FROM_CONFIG } from "../plugin/import-id";
import { tokenOf } from "../plugin/package-info";
import type { ExportedMonitor, ExportPlan } from "./plan";

/** One entry of the import file (Pulumi's `importSpec`: `type`, `name`, `id`). */
interface ImportSpec {
  type: string;
  name: string;
  id: string;
}

/** The import file: `{ "resources": [...] }`. */
interface ImportFile {
  resources: ImportSpec[];
}

/** True when some of the monitor's declared fields come from secret config. */
function takesSecretsFromConfig(m: ExportedMonitor): boolean {
  return m.secrets.length > 0;
}

/**
 * Names of the incidents: `<monitor's resource name>-incident`, then `-incident-2`, ... per
 * monitor, in the order given (oldest first), so that a name says whose incident it is.
 */
function incidentNames(plan: ExportPlan, incidents: readonly Pick<Incident, "monitor_id">[]): string[] {
  const monitorName = new Map(plan.monitors.map((m) => [m.monitor.id, m.resourceName]));
  const taken = new Set(plan.monitors.map((m) => m.resourceName));
  return incidents.map((i) => {
    const base = `${monitorName.get(i.monitor_id) ?? `monitor-${i.monitor_id}`}-incident`;
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** The import file of the plan's monitors, then the incidents. */
export function importFile(plan: ExportPlan, incidents: readonly Incident[]): ImportFile {
  const names = incidentNames(plan, incidents);
  return {
    resources: [
      ...plan.monitors.map((m) => ({
        type: tokenOf("Monitor"),
        name: m.resourceName,
        id: `${m.monitor.id}${takesSecretsFromConfig(m) ? SECRETS_FROM_CONFIG : ""}`,
      })),
      ...incidents.map((i, n) => ({ type: tokenOf("Incident"), name: names[n], id: String(i.id) })),
    ],
  };
}

/** The file's text: indented JSON, as `pulumi import` writes its own. */
export function renderImportFile(file: ImportFile): string {
  return `${JSON.stringify(file, null, 4)}\n`;
}
