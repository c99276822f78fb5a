/**
 * Each command's usage line names every flag its options list describes (help aside), so that
 * the first lines of `--help` are the whole synopsis.
 */
import { describe, expect, it } from "vitest";
import { AUDIT_USAGE } from "../../src/cli/audit";
import { EXPORT_USAGE } from "../../src/cli/export";
import { TEST_USAGE } from "../../src/cli/test";
import { VERIFY_USAGE } from "../../src/cli/verify";

const USAGES = { audit: AUDIT_USAGE, export: EXPORT_USAGE, test: TEST_USAGE, verify: VERIFY_USAGE };

/** The flags the options list describes: lines that start (indented) with `--flag` or `-x, --flag`. */
function describedFlags(usage: string): string[] {
  const flags = [...usage.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]);
  return [...new Set(flags)].filter((f) => f !== "--help");
}

describe("the usage line of each command", () => {
  it.each(Object.entries(USAGES))("%s names every flag it describes", (_command, usage) => {
    const synopsis = usage.slice(0, usage.indexOf("\n\n"));
    expect(describedFlags(usage).length).toBeGreaterThan(2);
    const missing = describedFlags(usage).filter((f) => !new RegExp(`${f}(?![a-z-])`).test(synopsis));
    expect(missing).toEqual([]);
  });
});
