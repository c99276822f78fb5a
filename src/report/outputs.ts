/** What `pulumi-uptime report` prints: a table for people, Markdown for a pull request or a step summary, JUnit XML. */
import { formatDuration } from "../util/duration";
import { textTable } from "../util/text-table";
import { junitDocument, xmlText } from "../util/xml";
import type { Budget } from "./figures";
import type { Report } from "./availability";

const pct = (n: number) => `${n}%`;
const dur = (s: number | null): string =>
  s === null ? "-" : s < 0 ? `-${formatDuration(-s * 1000)}` : formatDuration(s * 1000);

/** One row's cells: what, availability, downtime, incidents, and with an SLO the budget. */
function cells(
  what: string,
  r: { availability: number; downtimeSeconds: number; incidents: number; ongoing: boolean; budget?: Budget },
  slo: boolean,
): string[] {
  const row = [what, pct(r.availability), dur(r.downtimeSeconds), `${r.incidents}${r.ongoing ? " (open)" : ""}`];
  if (slo && r.budget)
    row.push(pct(r.budget.remainingPercent), dur(r.budget.remainingSeconds), `${r.budget.burnRate1h}`);
  return row;
}

function headers(slo: boolean): string[] {
  return ["Monitor", "Availability", "Down", "Incidents", ...(slo ? ["Budget left", "Left", "Burn 1h"] : [])];
}

function rows(report: Report): string[][] {
  const slo = report.slo !== null;
  return [
    ...report.groups.map((g) => cells(`${g.group} (${g.monitors} monitors)`, g, slo)),
    ...report.monitors.map((m) => cells(m.name, m, slo)),
  ];
}

function heading(report: Report): string {
  const slo = report.slo === null ? "" : `, SLO ${report.slo}%`;
  return `${report.from} to ${report.until}${slo}`;
}

/** The table for a terminal or a log. */
export function availabilityTable(report: Report): string {
  if (report.monitors.length === 0) return `${heading(report)}: no monitor matches the selection.\n`;
  return `${heading(report)}\n${textTable(headers(report.slo !== null), rows(report))}\n`;
}

const mdCell = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/[\r\n]+/g, " ");

/** Markdown: a heading and a table (groups first), and the gate's failures when there are. */
export function availabilityMarkdown(report: Report, failures: readonly string[]): string {
  const head = headers(report.slo !== null);
  const lines = [
    `### Availability, ${heading(report)}`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`,
    ...rows(report).map((r) => `| ${r.map(mdCell).join(" | ")} |`),
    "",
  ];
  if (failures.length) lines.push("**The gate fails:**", "", ...failures.map((f) => `- ${mdCell(f)}`), "");
  return `${lines.join("\n")}\n`;
}

/** JUnit XML: a test case per monitor and group, failed when the gate fails on it. */
export function availabilityJunit(report: Report, failures: readonly string[]): string {
  const failureOf = (what: string) => failures.filter((f) => f.startsWith(`${what}: `));
  const cases = [
    ...report.groups.map((g) => ({ name: `group ${g.group}`, out: `availability ${g.availability}%` })),
    ...report.monitors.map((m) => ({ name: `${m.name} (id ${m.id})`, out: `availability ${m.availability}%` })),
  ].map(({ name, out }) => {
    const failed = failureOf(name);
    const open = `    <testcase classname="report" name="${xmlText(name)}" time="0.000">`;
    if (!failed.length) return `${open}\n      <system-out>${xmlText(out)}</system-out>\n    </testcase>`;
    const message = xmlText(failed.join("; "));
    return `${open}\n      <failure type="budget" message="${message}">${message}</failure>\n    </testcase>`;
  });
  const failing = cases.filter((c) => c.includes("<failure")).length;
  const head = `tests="${cases.length}" failures="${failing}" errors="0" skipped="0" time="0.000"`;
  return junitDocument("pulumi-uptime report", "availability", head, cases);
}
