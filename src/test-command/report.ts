/** What `pulumi-uptime test` writes: lines for a person, `--json`, and a JUnit XML report. */
import { junitDocument, xmlText } from "../util/xml";
import type { Verdict } from "./verdict";

/** One line per monitor, then a count. */
export function textReport(results: readonly Verdict[]): string {
  const width = Math.max(4, ...results.map((r) => r.outcome.length));
  const lines = results.map((r) => {
    const where = r.url ? ` (${r.url})` : "";
    return `${r.outcome.padEnd(width)}  ${r.name}${where}${r.reason ? `: ${r.reason}` : ""}`;
  });
  lines.push(summary(results));
  return `${lines.join("\n")}\n`;
}

/** `3 monitors: 1 pass, 1 alert, 1 skipped`. */
export function summary(results: readonly Verdict[]): string {
  const count = (o: Verdict["outcome"]) => results.filter((r) => r.outcome === o).length;
  return `${results.length} monitor${results.length === 1 ? "" : "s"}: ${count("pass")} pass, ${count("alert")} alert, ${count("skipped")} skipped`;
}

/** `{ "results": [{ "name", "url", "outcome", "reason" }] }`. */
export function jsonReport(results: readonly Verdict[]): string {
  return `${JSON.stringify({ results: results.map(({ name, url, outcome, reason }) => ({ name, url, outcome, reason })) }, null, 2)}\n`;
}

/** A JUnit XML report: one test case per monitor; an alert is a failure, a skipped monitor is skipped. */
export function junitReport(results: readonly Verdict[], times: readonly number[], totalMs: number): string {
  const failures = results.filter((r) => r.outcome === "alert").length;
  const skipped = results.filter((r) => r.outcome === "skipped").length;
  const head = `tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${(totalMs / 1000).toFixed(3)}"`;
  const cases = results.map((r, i) => {
    const open = `    <testcase classname="monitors" name="${xmlText(r.name)}" time="${((times[i] ?? 0) / 1000).toFixed(3)}"`;
    if (r.outcome === "pass")
      return `${open}>\n      <system-out>${xmlText(`${r.url}: ${r.reason}`)}</system-out>\n    </testcase>`;
    if (r.outcome === "skipped") return `${open}>\n      <skipped message="${xmlText(r.reason)}"/>\n    </testcase>`;
    return `${open}>\n      <failure type="alert" message="${xmlText(r.reason)}">${xmlText(`${r.url}: ${r.reason}`)}</failure>\n    </testcase>`;
  });
  return junitDocument("pulumi-uptime test", "monitors", head, cases);
}
