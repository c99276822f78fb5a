/**
 * The audit finds the backend the CLI is logged in to (`pulumi whoami`) once per run, however
 * many of its lists and stacks fail: on a file backend, two corrupt checkpoints in two projects
 * (the whole list fails, the stack files are listed, both stacks fail and their history is
 * looked at); on an S3 backend whose store cannot read it either, two projects listed one by one
 * and a stack named in full that fails. Every CLI call goes through a wrapper that logs it
 * before running the real CLI. Real engine and CLI.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3TestServer, type S3TestServer } from "../support/s3-test-server";
import { ssoAccessToken, ssoEnv, startSsoPortal, type SsoPortal } from "../support/sso-portal-test-server";
import { byName, PULUMI } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

describe("pulumi-uptime audit of a logged-in backend with several failing stacks", () => {
  const dir = mkdtempSync(join(tmpdir(), "audit-pulumi-calls-"));
  const log = join(dir, "calls.log");
  const wrapper = join(dir, "pulumi");
  let s3: S3TestServer | undefined;
  let portal: SsoPortal | undefined;
  const token = ssoAccessToken();
  beforeAll(async () => {
    writeFileSync(wrapper, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${PULUMI}' "$@"\n`);
    chmodSync(wrapper, 0o700);
    s3 = await startS3TestServer();
    portal = await startSsoPortal(s3, token);
  });
  afterAll(async () => {
    await s3?.close();
    await portal?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const fixture = auditedStackWithOneMonitor("e2e audit asks for the backend once");

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
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    for (const project of ["other", "third"]) {
      mkdirSync(join(stack.backendDir, ".pulumi", "stacks", project), { recursive: true });
      writeFileSync(join(stack.backendDir, ".pulumi", "stacks", project, "broken.json"), "{not json");
    }
    await stack.mustRun(["login", `file://${stack.backendDir}`, "--non-interactive"]);

    const { r, calls: made } = await calls(["--json", "--fail-on", "unreadable"]);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { managed: { urn: string }[]; unreadable: { stack: string }[] };
    expect(report.managed.map((m) => m.urn)).toEqual([urn]);
    expect(report.unreadable.map((u) => u.stack)).toEqual(["organization/other/broken", "organization/third/broken"]);
    expect(made.filter((c) => c.startsWith("stack export")).length).toBe(3);
    expect(made.filter((c) => c.startsWith("whoami "))).toHaveLength(1);
  });

  it("runs pulumi whoami once for two projects listed one by one and a stack that fails on S3", async () => {
    const stack = fixture.stack();
    for (const project of ["other", "third"]) await s3!.put(`state/.pulumi/stacks/${project}/broken.json`, "{not json");
    // The CLI gets its keys from SSO, which the audit's store does not follow.
    const aws = ssoEnv(s3!, portal!, token, join(dir, "home"));
    for (const [k, v] of Object.entries(aws)) stack.setEnv(k, v);
    await stack.mustRun(["login", s3!.backendUrlWithoutEndpoint("state"), "--non-interactive"]);

    const { r, calls: made } = await calls(
      ["--json", "--fail-on", "unreadable", "--stacks", "other/broken,third/*"],
      aws,
    );
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
    expect(r.stdout + r.stderr).not.toContain(s3!.secretKey);
  });
});
