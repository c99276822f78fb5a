/**
 * `pulumi-uptime audit` (the built command, as a user runs it) with the real Pulumi CLI on a
 * file backend: two stacks of one program adopt the same monitor name (a conflict), a
 * monitor made by hand (unmanaged), a monitor deleted out of band (missing), and a stack of
 * another project whose state file is corrupt (unreadable, while the others are audited).
 * No passphrase in the audit's environment: `stack export` needs none. The API key appears
 * in none of its output.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, byName, ok } from "./harness";
import { runAuditCli } from "./audit-cli";
import { startE2EServer, type E2EServer } from "./api";

const SHARED = "e2e audit shared";
const DOOMED = "e2e audit doomed";
const PROJECT = "organization/e2e-claims";

describe("pulumi-uptime audit", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  const audit = (args: string[]) => runAuditCli(stack, srv, args);

  it("reports each finding, reads what it can, and keeps the key out of its output", async () => {
    stack = await E2EStack.create({
      project: "claims",
      server: srv,
      config: {
        "fixture:monitors": JSON.stringify([
          { resource: "shared", name: SHARED, adopt: true },
          { resource: "doomed", name: DOOMED },
        ]),
      },
    });
    ok(await stack.up());

    // A second stack of the same program, same backend, adopting the same monitor name.
    await stack.mustRun(["stack", "init", "second", "--non-interactive"]);
    const second = ["--stack", "second", "--non-interactive"];
    await stack.mustRun(["config", "set", ...second, "uptime:baseUrl", "--", srv.url]);
    await stack.mustRun(["config", "set", ...second, "--secret", "uptime:apiKey", "--", srv.apiKey]);
    await stack.mustRun([
      "config",
      "set",
      ...second,
      "fixture:monitors",
      "--",
      JSON.stringify([{ resource: "shared", name: SHARED, adopt: true }]),
    ]);
    ok(await stack.run(["up", "--yes", "--skip-preview", "--suppress-progress", ...second]));

    const monitors = await srv.api.monitors();
    const shared = monitors.find((m) => m.name === SHARED)!;
    const doomed = monitors.find((m) => m.name === DOOMED)!;
    expect(monitors).toHaveLength(2); // adopted, not duplicated
    const byHand = await srv.api.createMonitor({
      name: "e2e made by hand",
      url: "https://hand.example.com/",
      interval: 60,
    });
    await srv.api.deleteMonitor(doomed.id);
    // Another project's stack whose checkpoint is corrupt: `pulumi stack ls` fails on it.
    mkdirSync(join(stack.backendDir, ".pulumi", "stacks", "other"), { recursive: true });
    writeFileSync(join(stack.backendDir, ".pulumi", "stacks", "other", "broken.json"), "{not json");

    const resources = await stack.resources();
    const doomedUrn = byName(resources, "doomed").urn;
    const sharedUrn = byName(resources, "shared").urn;

    const r = await audit(["--json"]);
    expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
    expect(r.code, r.stderr).toBe(1); // a conflict, the default --fail-on
    const report = JSON.parse(r.stdout) as Record<string, Record<string, unknown>[]>;
    expect(report.conflicts).toEqual([
      {
        kind: "monitor",
        id: shared.id,
        name: SHARED,
        stacks: [`${PROJECT}/e2e`, `${PROJECT}/second`],
        urns: [sharedUrn, sharedUrn.replace("urn:pulumi:e2e::", "urn:pulumi:second::")],
      },
    ]);
    expect(report.managed).toEqual([
      { kind: "monitor", id: shared.id, name: SHARED, stack: `${PROJECT}/e2e`, urn: sharedUrn },
      {
        kind: "monitor",
        id: shared.id,
        name: SHARED,
        stack: `${PROJECT}/second`,
        urn: sharedUrn.replace("urn:pulumi:e2e::", "urn:pulumi:second::"),
      },
    ]);
    expect(report.unmanaged).toEqual([
      { kind: "monitor", id: byHand.id, name: "e2e made by hand", url: "https://hand.example.com/" },
    ]);
    expect(report.missing).toEqual([
      { kind: "monitor", stack: `${PROJECT}/e2e`, urn: doomedUrn, id: String(doomed.id) },
    ]);
    expect(report.unreadable).toEqual([
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") },
    ]);

    // Only this project's stacks, failing on what CI would: exit 1 for the missing monitor.
    const scoped = await audit(["--stacks", "e2e-claims/*", "--fail-on", "missing"]);
    expect(scoped.code, scoped.stderr).toBe(1);
    expect(scoped.stdout).toContain("Unreadable stacks (0)");
    expect(scoped.stdout).toMatch(/organization\/e2e-claims\/second\s+1\n/);
    expect(scoped.stdout + scoped.stderr).not.toContain(srv.apiKey);

    // A glob that matches nothing is named, the rest still audited, exit 2.
    const nothing = await audit(["--json", "--stacks", "e2e-claims/second,nosuch/*", "--fail-on", "none"]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('"nosuch/*" matches no stack');
    expect((JSON.parse(nothing.stdout) as { managed: unknown[] }).managed).toHaveLength(1);

    // A backend the CLI cannot open: named, exit 2.
    const gone = await audit(["--backend", "file:///nonexistent/backend"]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain("cannot list the stacks of file:///nonexistent/backend");
  });
});
