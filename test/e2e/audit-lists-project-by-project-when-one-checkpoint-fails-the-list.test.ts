/**
 * On a self-managed backend `pulumi stack ls` reads every stack's checkpoint and fails as a
 * whole on one it cannot read, without naming it. Here a file backend the CLI is logged in
 * to (`pulumi login`, so the audit does not know it is a directory it could list itself, as
 * with S3, GCS, Azure Blob or PostgreSQL) holds a corrupt checkpoint in another project:
 * without globs the audit exits 2 naming the CLI's error and the way around it; with globs
 * that name their project it lists project by project, audits the readable one and lists the
 * broken stack (named in full) or project (a pattern) as unreadable. Real engine and CLI.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { byName } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

describe("pulumi-uptime audit when one checkpoint fails the backend's stack list", () => {
  const fixture = auditedStackWithOneMonitor("e2e audit listed by project");

  it("audits the projects the globs name, one by one, and reports what it could not read", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    mkdirSync(join(stack.backendDir, ".pulumi", "stacks", "other"), { recursive: true });
    writeFileSync(join(stack.backendDir, ".pulumi", "stacks", "other", "broken.json"), "{not json");
    await stack.mustRun(["login", `file://${stack.backendDir}`, "--non-interactive"]);
    const audit = (args: string[]) => runAuditCli(stack, srv, args, { loggedIn: true });

    const whole = await audit(["--json"]);
    expect(whole.code).toBe(2);
    expect(whole.stdout).toBe("");
    expect(whole.stderr).toContain("cannot list the stacks of the CLI's backend: pulumi stack ls failed: ");
    expect(whole.stderr).toContain("invalid character");
    expect(whole.stderr).toContain("--stacks <project>/* lists project by project");

    const named = await audit(["--json", "--fail-on", "unreadable", "--stacks", "e2e-claims/*,other/broken"]);
    expect(named.code, named.stderr).toBe(1);
    const report = JSON.parse(named.stdout) as {
      managed: { urn: string }[];
      unreadable: { stack: string; reason: string }[];
      caveats: string[];
    };
    expect(report.managed.map((m) => m.urn)).toEqual([urn]);
    expect(report.unreadable).toEqual([
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") },
    ]);
    expect(report.caveats[0]).toContain("unmanaged may hold monitors of the 1 unreadable stack");

    const pattern = await audit(["--fail-on", "none", "--stacks", "e2e-claims/*,other/*"]);
    expect(pattern.code, pattern.stderr).toBe(0);
    expect(pattern.stdout).toMatch(new RegExp(`organization/e2e-claims/${stack.stack}\\s+1\\n`));
    expect(pattern.stdout).toMatch(
      /other\/\*\s+its stacks could not be listed: pulumi stack ls --project other failed: /,
    );
    for (const r of [whole, named, pattern]) expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
  });
});
