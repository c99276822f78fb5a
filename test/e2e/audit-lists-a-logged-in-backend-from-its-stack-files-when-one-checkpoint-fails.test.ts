/**
 * On a self-managed backend `pulumi stack ls` reads every stack's checkpoint and fails as a
 * whole on one it cannot read, without naming it. Here a file backend the CLI is logged in
 * to (`pulumi login`: the audit is not given its URL and asks the CLI which backend it is)
 * holds a corrupt checkpoint in another project: the audit lists the backend's stack files
 * itself, audits the readable stack and lists the broken one as unreadable, with and without
 * globs. Real engine and CLI.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { byName } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

describe("pulumi-uptime audit of a logged-in backend when one checkpoint fails its stack list", () => {
  const fixture = auditedStackWithOneMonitor("e2e audit listed by project");

  it("lists the stack files itself, audits the readable stacks and reports the broken one, with or without globs", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    mkdirSync(join(stack.backendDir, ".pulumi", "stacks", "other"), { recursive: true });
    writeFileSync(join(stack.backendDir, ".pulumi", "stacks", "other", "broken.json"), "{not json");
    await stack.mustRun(["login", `file://${stack.backendDir}`, "--non-interactive"]);
    const audit = (args: string[]) => runAuditCli(stack, srv, args, { loggedIn: true });

    const whole = await audit(["--json", "--fail-on", "unreadable"]);
    expect(whole.code, whole.stderr).toBe(1);
    const all = JSON.parse(whole.stdout) as { managed: { urn: string }[]; unreadable: { stack: string }[] };
    expect(all.managed.map((m) => m.urn)).toEqual([urn]);
    expect(all.unreadable.map((u) => u.stack)).toEqual(["organization/other/broken"]);

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
    expect(pattern.stdout).toMatch(/organization\/other\/broken\s+.*invalid character/);
    for (const r of [whole, named, pattern]) expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
  });
});
