/**
 * Each command's usage line names every flag its options list describes (help aside), so that
 * the first lines of `--help` are the whole synopsis. Read as users read it: each command's
 * `--help` output.
 */
import { describe, expect, it } from "vitest";
import { runAudit } from "../../src/cli/audit";
import { runExport } from "../../src/cli/export";
import { runMaintenance } from "../../src/cli/maintenance";
import { runMigrate } from "../../src/cli/migrate";
import { runReportCommand } from "../../src/cli/report";
import { runTest } from "../../src/cli/test";
import { runVerify } from "../../src/cli/verify";
import { helpOf } from "../support/command-help";

const COMMANDS = {
  audit: runAudit,
  export: runExport,
  migrate: runMigrate,
  test: runTest,
  verify: runVerify,
  maintenance: runMaintenance,
  report: runReportCommand,
};

/** The flags the options list describes: lines that start (indented) with `--flag` or `-x, --flag`. */
function describedFlags(usage: string): string[] {
  const flags = [...usage.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]);
  return [...new Set(flags)].filter((f) => f !== "--help");
}

describe("the usage line of each command", () => {
  it.each(Object.entries(COMMANDS))("%s --help names in its synopsis every flag it describes", async (_name, run) => {
    const usage = await helpOf(run);
    const synopsis = usage.slice(0, usage.indexOf("\n\n"));
    expect(describedFlags(usage).length).toBeGreaterThan(2);
    const missing = describedFlags(usage).filter((f) => !new RegExp(`${f}(?![a-z-])`).test(synopsis));
    expect(missing).toEqual([]);
  });
});
