/**
 * The migration report, a contract: every input monitor exactly once, as mapped,
 * approximated (with what changed) or not mapped (with why), counts at the top, the other
 * items of the input that were not carried, and the secret config keys to set (never a
 * value). Written as migration-report.json and as a short Markdown page.
 */
import type { ConfigKey, Migration, ReportEntry } from "./map";

/**
 * migration-report.json.
 */
export interface MigrationReport {
  /** The source kind (`--from`) and the input file as given. */
  source: { from: string; file: string };
  language: string;
  counts: { monitors: number; mapped: number; approximated: number; notMapped: number; otherItems: number };
  monitors: ReportEntry[];
  /** Maintenance windows, status pages, policies: none is carried. */
  otherItems: ReportEntry[];
  /** The secret config keys the program reads: set each before `pulumi up`. */
  configKeys: ConfigKey[];
  /** The files written, relative to the output directory. */
  files: string[];
}

/** The report of a migration. */
export function buildReport(
  m: Migration,
  source: MigrationReport["source"],
  language: string,
  files: string[],
): MigrationReport {
  const count = (o: ReportEntry["outcome"]) => m.monitors.filter((e) => e.outcome === o).length;
  return {
    source,
    language,
    counts: {
      monitors: m.monitors.length,
      mapped: count("mapped"),
      approximated: count("approximated"),
      notMapped: count("not mapped"),
      otherItems: m.others.length,
    },
    monitors: m.monitors,
    otherItems: m.others,
    configKeys: m.configKeys,
    files,
  };
}

/** The command's exit code for a report: 0 when everything was mapped as it was, else 1. */
export function exitCodeOf(r: MigrationReport): 0 | 1 {
  return r.counts.mapped === r.counts.monitors && r.counts.otherItems === 0 ? 0 : 1;
}

/** Markdown text of a cell: no line breaks, pipes escaped. */
function cell(s: string): string {
  return s.replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
}

/** The short Markdown report. */
export function renderMarkdown(r: MigrationReport): string {
  const c = r.counts;
  const lines = [
    `# Migration report: ${r.source.from} → ${r.language}`,
    "",
    `From \`${cell(r.source.file)}\`: ${c.monitors} monitor${c.monitors === 1 ? "" : "s"}: **${c.mapped} mapped**, **${c.approximated} approximated**, **${c.notMapped} not mapped**; ${c.otherItems} other item${c.otherItems === 1 ? "" : "s"} not carried.`,
    "",
    "Keep the old vendor's monitors running until the new ones have run for a day side by side.",
    "",
    "## Monitors",
    "",
    "| Monitor | Kind | Outcome | Resource | What changed, or why not |",
    "|---|---|---|---|---|",
    ...r.monitors.map(
      (e) =>
        `| ${cell(e.name)} | ${cell(`${e.vendor} ${e.kind}`)} | ${e.outcome} | ${e.resourceName ? `\`${e.resourceName}\`` : ""} | ${cell(e.reason ?? e.changes.join("; "))} |`,
    ),
  ];
  if (r.otherItems.length) {
    lines.push("", "## Not carried", "", "| Item | Kind | Why |", "|---|---|---|");
    for (const o of r.otherItems)
      lines.push(`| ${cell(o.name)} | ${cell(`${o.vendor} ${o.kind}`)} | ${cell(o.reason ?? "")} |`);
  }
  lines.push("", "## Secret config to set before `pulumi up`", "");
  if (r.configKeys.length === 0) lines.push("None: no monitor has alerts, request headers or basic auth.");
  else {
    lines.push("Each command prompts for the value; none is written in the program or in this report.", "");
    for (const k of r.configKeys)
      lines.push(
        `- \`pulumi config set --secret ${k.key}\`: ${cell(k.description)}${k.inInput ? "" : " (not in the input)"}`,
      );
  }
  return `${lines.join("\n")}\n`;
}
