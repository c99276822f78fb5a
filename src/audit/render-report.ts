/** The audit report for people (a table per finding) and for machines (`--json`). */
import { serviceUrlCaveat, unreadableCaveat, type AuditReport } from "./classify";
import { textTable } from "../util/text-table";

/** The `--json` object: the five findings, the resources of other or unknown services, and the caveats. */
export function renderJson(report: AuditReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function table(headers: string[], rows: string[][]): string {
  return textTable(headers, rows)
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}

/**
 * Sections for people; `stacks` lists what was audited with how many uptime resources each
 * holds (`fromHistory`: counted in an earlier checkpoint).
 */
export function renderTable(
  report: AuditReport,
  stacks: { stack: string; resources?: number; fromHistory?: boolean }[],
): string {
  const out: string[] = [];
  const section = (title: string, count: number, body: () => string) => {
    out.push(`${title} (${count})${count ? `\n${body()}` : ""}`);
  };
  section("Stacks", stacks.length, () =>
    table(
      ["STACK", "UPTIME RESOURCES"],
      stacks.map((s) => [
        s.stack,
        s.resources === undefined ? "unreadable" : `${s.resources}${s.fromHistory ? " (last good checkpoint)" : ""}`,
      ]),
    ),
  );
  section("Managed", report.managed.length, () =>
    table(
      ["KIND", "ID", "NAME", "STACK", "URN"],
      report.managed.map((m) => [m.kind, String(m.id), m.name, m.stack, m.urn]),
    ),
  );
  section("Unmanaged: in the account, in no audited stack", report.unmanaged.length, () =>
    table(
      ["KIND", "ID", "NAME", "URL"],
      report.unmanaged.map((m) => [m.kind, String(m.id), m.name, m.url]),
    ),
  );
  // Said where it matters: an unreadable stack's monitors show up as unmanaged.
  const unreadable = unreadableCaveat(report);
  if (unreadable) out[out.length - 1] += `\n  Caution: ${unreadable}.`;
  section("Conflicts: held by more than one resource", report.conflicts.length, () =>
    table(
      ["KIND", "ID", "NAME", "STACKS"],
      report.conflicts.map((c) => [c.kind, String(c.id), c.name, c.stacks.join(", ")]),
    ),
  );
  section("Missing: in a stack's state, gone from the account", report.missing.length, () =>
    table(
      ["KIND", "ID", "STACK", "URN"],
      report.missing.map((m) => [m.kind, m.id, m.stack, m.urn]),
    ),
  );
  const fromHistory = report.unreadable.some((u) => u.readFromHistory);
  section("Unreadable stacks", report.unreadable.length, () =>
    table(
      ["STACK", "REASON", ...(fromHistory ? ["AUDITED FROM"] : [])],
      report.unreadable.map((u) => [
        u.stack,
        u.reason,
        ...(fromHistory
          ? [u.readFromHistory ? `${u.readFromHistory.checkpoint} (saved ${u.readFromHistory.savedAt})` : "-"]
          : []),
      ]),
    ),
  );
  if (report.otherServices.length)
    section(
      "Other services: resources whose provider points at another service URL (not audited)",
      report.otherServices.length,
      () =>
        table(
          ["KIND", "ID", "STACK", "SERVICE", "URN"],
          report.otherServices.map((o) => [o.kind, o.id, o.stack, o.serviceUrl, o.urn]),
        ),
    );
  if (report.serviceUrlUnknown.length) {
    section("Service URL not recorded: counted as this account's", report.serviceUrlUnknown.length, () =>
      table(
        ["KIND", "ID", "STACK", "URN"],
        report.serviceUrlUnknown.map((u) => [u.kind, u.id, u.stack, u.urn]),
      ),
    );
    out[out.length - 1] += `\n  Caution: ${serviceUrlCaveat(report)}.`;
  }
  return `${out.join("\n\n")}\n`;
}
