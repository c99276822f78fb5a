/**
 * On a file backend, a stack whose current checkpoint is corrupt is audited from the newest
 * checkpoint the CLI kept in `.pulumi/history` after an update: its monitor is managed, not
 * unmanaged; the stack stays in `unreadable` with the checkpoint read and the caveat says
 * the findings are as of that checkpoint (JSON and table). Real engine and CLI.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  auditedFromHistory,
  auditedStackWithOneMonitor,
  expectCorruptStackAuditedFromHistory,
  runAuditCli,
} from "./audit-cli";

describe("pulumi-uptime audit of a stack whose checkpoint is corrupt", () => {
  const fixture = auditedStackWithOneMonitor("e2e audit from history");

  it("reads its last good checkpoint from the file backend's history and says so", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const full = `organization/e2e-claims/${stack.stack}`;
    const { r, report } = await expectCorruptStackAuditedFromHistory(
      stack,
      (key) => writeFileSync(join(stack.backendDir, key), "{not json"),
      (args) => runAuditCli(stack, srv, args),
    );
    expect(report.unreadable).toEqual([auditedFromHistory("e2e-claims", stack.stack)]);
    expect(report.caveats[0]).toContain(`${full}, audited from its last good checkpoint, saved `);

    const table = await runAuditCli(stack, srv, ["--fail-on", "none"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`${full}\\s+1 \\(last good checkpoint\\)\\n`));
    expect(table.stdout).toContain("AUDITED FROM");
    for (const x of [r, table]) expect(x.stdout + x.stderr).not.toContain(srv.apiKey);
  });
});
