/**
 * A property the resource does not have fails `check` with the full list of allowed names
 * and, when one is near enough to be a typo (two edits, or a third of the name's length
 * for long names), the nearest one, ignoring case, `_` and `-`; on a tie, the first listed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runCheck } from "../../src/runtime/check-properties";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";

const ALLOWED =
  "name, url, interval, alertCondition, alertTextLookup, requestMethod, requestHeaders, requestAuthUsername, " +
  "requestAuthPassword, cacheBuster, sslAlertDays, domainAlertDays, maintenanceStartAt, maintenanceEndAt, alerts, " +
  "paused, adopt, adoptId";
const reasonFor = (key: string) =>
  checkMonitor({ name: "m", url: "https://m.example.com", interval: 60, [key]: 1 }).failures?.[0].reason;

/** The name `check` suggests for `typed` on a resource whose properties are `allowed`, if any. */
function closest(typed: string, allowed: readonly string[]): string | undefined {
  const spec = { allowed, fields: [], defaults: {}, schema: z.object({}).passthrough(), groups: [] };
  const reason = runCheck(spec, { [typed]: 1 }).failures?.[0]?.reason ?? "";
  expect(reason).toContain(`${typed}: is not a property of this resource`);
  return /\(did you mean (.*)\?\)/.exec(reason)?.[1];
}

describe("a mistyped property", () => {
  it("names the nearest property and every allowed one", () => {
    expect(reasonFor("intrval")).toBe(
      `intrval: is not a property of this resource (did you mean interval?); allowed: ${ALLOWED}`,
    );
  });

  it("names only the allowed ones when none is near", () => {
    expect(reasonFor("headers")).toBe(`headers: is not a property of this resource; allowed: ${ALLOWED}`);
  });

  it.each([
    ["intrvl", "interval"], // two edits: still a typo
    ["nme", "name"],
    ["sslAlertDay", "sslAlertDays"], // the last letter missing
    ["INTERVAL", "interval"],
    ["ssl_alert_days", "sslAlertDays"],
    ["alertCondxxion", "alertCondition"], // three edits in a fourteen-letter name
  ])("%s suggests %s", (typed, meant) => {
    expect(closest(typed, ALLOWED.split(", "))).toBe(meant);
  });

  it("suggests nothing three edits away from a short name", () => {
    expect(closest("intxyzl", ["interval"])).toBeUndefined();
    expect(closest("abc", ["xyz"])).toBeUndefined();
  });

  it("suggests the first of two equally near names", () => {
    expect(closest("ab", ["ac", "ad"])).toBe("ac");
    expect(closest("ab", ["ad", "ac"])).toBe("ad");
  });

  it("ignores case by lower case, where ß stays one letter (upper case would make it SS)", () => {
    // Two edits from "url" in lower case; "URLSSSS" would be four from "URL".
    expect(closest("urlßß", ["url"])).toBe("url");
  });

  it("counts an edit at the end of the typed name", () => {
    // "abcz" is one edit from both; read without its last letter it would equal "abc".
    expect(closest("abcz", ["abcd", "abc"])).toBe("abcd");
    // No edit (case aside) beats one edit, whichever is listed first.
    expect(closest("Abcd", ["abcz", "ABCD"])).toBe("ABCD");
  });
});
