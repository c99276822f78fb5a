/** Renders an export as the GitOps monitors file (see `loadMonitorsFile`). */
import { Document, isMap, isPair, isScalar, type YAMLMap } from "yaml";
import { configRef } from "../gitops/config-refs";
import { withPlaceholders, type ExportedMonitor, type ExportPlan } from "./plan";
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
  return noted(doc, "monitors", plan, {
    header: headerLines(plan.monitors.length, options.source, zoneNote(plan, options.timeZone)),
    notesOf: (m) => {
      const notes = [`${JSON.stringify(m.monitor.name)} (${m.label ?? `id ${m.monitor.id}`})`, ...m.notes];
      if (m.hasSecretValues)
        notes.push("alert and header values come from secret config and are stored as secrets in state.");
      return notes;
    },
    footer: secretsFooterLines(plan.secrets, "The file reads them as ${config:<key>} placeholders."),
  });
}

/** What {@link noted} writes as comments. */
interface YamlNotes {
  header: string[];
  /** The comment lines above one monitor's key. */
  notesOf: (m: ExportedMonitor) => string[];
  /** The comment lines above an entry after the plan's monitors (a migration's components), by key. */
  notesOfKey?: (key: string) => string[];
  footer: string[];
}

/**
 * The text of `doc` with a header and footer comment, and each entry of its map `key` (one
 * per monitor of `plan`, in order) noted: the monitors file's and the migrated YAML program's.
 */
export function noted(doc: Document, key: string, plan: ExportPlan, notes: YamlNotes): string {
  const comment = (lines: string[]) => lines.map((l) => ` ${l}`.trimEnd()).join("\n");
  doc.commentBefore = comment(notes.header);
  const map = doc.get(key, true) as YAMLMap;
  if (isMap(map)) {
    map.items.forEach((pair, i) => {
      const m = plan.monitors[i];
      if (!isPair(pair) || !isScalar(pair.key)) return;
      const lines = m ? notes.notesOf(m) : (notes.notesOfKey?.(String(pair.key.value)) ?? []);
      if (lines.length) pair.key.commentBefore = lines.map((n) => ` ${oneLine(n)}`).join("\n");
    });
  }
  doc.comment = comment(notes.footer);
  const text = doc.toString({ lineWidth: 0 });
  return text.endsWith("\n") ? text : `${text}\n`;
}
