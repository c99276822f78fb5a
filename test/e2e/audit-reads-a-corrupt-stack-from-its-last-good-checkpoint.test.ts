/**
 * On a file backend, a stack whose current checkpoint is corrupt is audited from the newest
 * checkpoint the CLI kept in `.pulumi/history` after an update: its monitor is managed, not
 * unmanaged; the stack stays in `unreadable` with the CLI's reason and the checkpoint read,
 * and the caveat says the findings are as of that checkpoint (JSON and table). Real engine and CLI.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { byName } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

interface AuditJson {
  managed: { id: number; stack: string; urn: string }[];
  unmanaged: unknown[];
  unreadable: { stack: string; reason: string; readFromHistory?: { checkpoint: string; savedAt: string } }[];
  caveats: string[];
}

describe("pulumi-uptime audit of a stack whose checkpoint is corrupt", () => {
  const fixture = auditedStackWithOneMonitor("e2e audit from history");

  it("reads its last good checkpoint from the file backend's history and says so", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const full = `organization/e2e-claims/${stack.stack}`;
    const monitor = byName(await stack.resources(), "api");
    writeFileSync(join(stack.backendDir, `.pulumi/stacks/e2e-claims/${stack.stack}.json`), "{not json");

    const r = await runAuditCli(stack, srv, ["--json", "--fail-on", "unreadable"]);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as AuditJson;
    expect(report.managed).toEqual([
      expect.objectContaining({ id: Number(monitor.id), stack: full, urn: monitor.urn }),
    ]);
    expect(report.unmanaged).toEqual([]);
    expect(report.unreadable).toEqual([
      {
        stack: full,
        reason: expect.stringContaining("invalid character") as string,
        readFromHistory: {
          checkpoint: expect.stringMatching(
            new RegExp(`^\\.pulumi/history/e2e-claims/${stack.stack}/${stack.stack}-\\d+\\.checkpoint\\.json$`),
          ) as string,
          savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      },
    ]);
    expect(report.caveats[0]).toContain(`${full}, audited from its last good checkpoint, saved `);

    const table = await runAuditCli(stack, srv, ["--fail-on", "none"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`${full}\\s+1 \\(last good checkpoint\\)\\n`));
    expect(table.stdout).toContain("AUDITED FROM");
    for (const x of [r, table]) expect(x.stdout + x.stderr).not.toContain(srv.apiKey);
  });
});
