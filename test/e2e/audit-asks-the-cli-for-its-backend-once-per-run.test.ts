/**
 * The audit finds the backend the CLI is logged in to (`pulumi whoami`) once per run, however
 * many of its lists and stacks fail: on a file backend, two corrupt checkpoints in two projects
 * (the whole list fails, the stack files are listed, both stacks fail and their history is
 * looked at); on a backend that is not a file backend, whose stacks only the CLI lists, two
 * projects listed one by one and a stack named in full that fails. Every CLI call goes through
 * a wrapper that logs it before running the real CLI; for the second, the wrapper answers
 * `pulumi whoami` with an S3 URL, so the same broken file backend is audited as an S3 bucket
 * would be (the same diy backend code lists and reads both). Real engine and CLI.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byName, PULUMI } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

describe("pulumi-uptime audit of a logged-in backend with several failing stacks", () => {
  const dir = mkdtempSync(join(tmpdir(), "audit-pulumi-calls-"));
  const log = join(dir, "calls.log");
  const wrapper = join(dir, "pulumi");
  beforeAll(() => {
    const whoami = `if [ "$1" = whoami ] && [ -n "$WHOAMI_URL" ]; then echo "{\\"url\\":\\"$WHOAMI_URL\\"}"; exit 0; fi`;
    writeFileSync(wrapper, `#!/bin/sh\necho "$*" >> '${log}'\n${whoami}\nexec '${PULUMI}' "$@"\n`);
    chmodSync(wrapper, 0o700);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = auditedStackWithOneMonitor("e2e audit asks for the backend once");
  // Two projects, each with one corrupt checkpoint, on the backend the CLI is logged in to.
  beforeAll(async () => {
    const stack = fixture.stack();
    for (const project of ["other", "third"]) {
      mkdirSync(join(stack.backendDir, ".pulumi", "stacks", project), { recursive: true });
      writeFileSync(join(stack.backendDir, ".pulumi", "stacks", project, "broken.json"), "{not json");
    }
    await stack.mustRun(["login", `file://${stack.backendDir}`, "--non-interactive"]);
  });

  /** The CLI calls of one audit run (`--pulumi` the logging wrapper), each its arguments. */
  const calls = async (args: string[], env: Record<string, string> = {}) => {
    writeFileSync(log, "");
    const r = await runAuditCli(fixture.stack(), fixture.srv(), ["--pulumi", wrapper, ...args], {
      loggedIn: true,
      env,
    });
    expect(r.stdout + r.stderr).not.toContain(fixture.srv().apiKey);
    return { r, calls: readFileSync(log, "utf8").split("\n").filter(Boolean) };
  };

  it("runs pulumi whoami once for a listing and two stacks that fail on a file backend", async () => {
    const urn = byName(await fixture.stack().resources(), "api").urn;
    const { r, calls: made } = await calls(["--json", "--fail-on", "unreadable"]);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { managed: { urn: string }[]; unreadable: { stack: string }[] };
    expect(report.managed.map((m) => m.urn)).toEqual([urn]);
    expect(report.unreadable.map((u) => u.stack)).toEqual(["organization/other/broken", "organization/third/broken"]);
    expect(made.filter((c) => c.startsWith("stack export")).length).toBe(3);
    expect(made.filter((c) => c.startsWith("whoami "))).toHaveLength(1);
  });

  it("runs pulumi whoami once for two projects listed one by one and a stack that fails on another backend", async () => {
    const { r, calls: made } = await calls(["--json", "--fail-on", "unreadable", "--stacks", "other/broken,third/*"], {
      WHOAMI_URL: "s3://state-bucket/pulumi",
    });
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { unreadable: { stack: string; reason: string }[] };
    expect(report.unreadable).toEqual([
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") as string },
      {
        stack: "third/*",
        reason: expect.stringContaining("pulumi stack ls --project third failed: ") as string,
      },
    ]);
    expect(made.filter((c) => c.startsWith("stack ls"))).toHaveLength(3);
    expect(made.filter((c) => c.startsWith("whoami "))).toHaveLength(1);
  });
});
