/** Renders an export as the GitOps monitors file (see `loadMonitorsFile`). */
import { Document, isMap, isPair, isScalar, type YAMLMap } from "yaml";
import { configRef } from "../gitops/config-refs";
import { withPlaceholders, type ExportPlan } from "./plan";
import { zoneNote, type RenderOptions } from "./render-ts";
import { headerLines, oneLine, secretsFooterLines } from "./text";

/**
 * A ready `monitors.yaml`: one entry per monitor keyed by its resource name, with
 * `adopt: true`; secret placeholders written as `${config:<key>}` and listed at the end.
 */
export function renderYaml(plan: ExportPlan, options: RenderOptions = {}): string {
  const monitors: Record<string, Record<string, unknown>> = {};
  for (const m of plan.monitors) {
    monitors[m.resourceName] = Object.fromEntries(
      m.args.map(([k, v]) => [k, withPlaceholders(v, (p) => configRef(p.configKey))]),
    );
  }
  const doc = new Document({ monitors });
  doc.commentBefore = headerLines(plan.monitors.length, options.source, zoneNote(plan, options.timeZone))
    .map((l) => ` ${l}`.trimEnd())
    .join("\n");
  const map = doc.get("monitors", true) as YAMLMap;
  if (isMap(map)) {
    map.items.forEach((pair, i) => {
      const m = plan.monitors[i];
      if (!isPair(pair) || !isScalar(pair.key) || !m) return;
      const notes = [`${JSON.stringify(m.monitor.name)} (${m.label ?? `id ${m.monitor.id}`})`, ...m.notes];
      if (m.hasSecretValues)
        notes.push("alert and header values come from secret config and are stored as secrets in state.");
      pair.key.commentBefore = notes.map((n) => ` ${oneLine(n)}`).join("\n");
    });
  }
  doc.comment = secretsFooterLines(plan.secrets, "The file reads them as ${config:<key>} placeholders.")
    .map((l) => ` ${l}`.trimEnd())
    .join("\n");
  const text = doc.toString({ lineWidth: 0 });
  return text.endsWith("\n") ? text : `${text}\n`;
}
