/**
 * The audit lists a self-managed backend's stack files itself when `pulumi stack ls` fails on
 * one checkpoint; only when its store cannot read the backend either does it fall back to
 * listing project by project. Here the CLI, logged in to an S3 backend (an S3-compatible
 * server on loopback), gets its keys from AWS IAM Identity Center (SSO: a cached sign-in and a
 * portal stand-in on loopback), which the CLI's AWS SDK follows and the audit's store does
 * not: without globs the audit exits 2 with the
 * CLI's error and the store's reason; with globs that name their project it lists project by
 * project, audits the readable one and reports the broken stack (named in full) or project (a
 * pattern) as unreadable. Real engine and CLI.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3TestServer, type S3TestServer } from "../support/s3-test-server";
import { ssoAccessToken, ssoEnv, startSsoPortal, type SsoPortal } from "../support/sso-portal-test-server";
import { byName } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

const ROOT = "state";

describe("pulumi-uptime audit when neither the CLI's list nor the S3 store can read the backend", () => {
  let s3: S3TestServer | undefined;
  let portal: SsoPortal | undefined;
  const dir = mkdtempSync(join(tmpdir(), "aws-sso-"));
  let aws: Record<string, string> = {};
  // No keys in the environment: the default profile's SSO sign-in gives them.
  const backend = () => ({ ...aws, PULUMI_BACKEND_URL: s3!.backendUrlWithoutEndpoint(ROOT) });
  beforeAll(async () => {
    s3 = await startS3TestServer("state", { sessionToken: true });
    const token = ssoAccessToken();
    portal = await startSsoPortal(s3, token);
    aws = ssoEnv(s3, portal, token, dir);
  });
  afterAll(async () => {
    await s3?.close();
    await portal?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const fixture = auditedStackWithOneMonitor("e2e audit s3 sso", backend);

  it("exits 2 with both reasons without globs, and lists the projects the globs name one by one", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    await s3!.put(`${ROOT}/.pulumi/stacks/other/broken.json`, "{not json");
    await stack.mustRun(["login", s3!.backendUrlWithoutEndpoint(ROOT), "--non-interactive"]);
    const audit = (args: string[]) => runAuditCli(stack, srv, args, { loggedIn: true, env: backend() });

    const whole = await audit(["--json"]);
    expect(whole.code, whole.stderr).toBe(2);
    expect(whole.stdout).toBe("");
    expect(whole.stderr).toContain("cannot list the stacks of the CLI's backend: pulumi stack ls failed: ");
    expect(whole.stderr).toContain("invalid character");
    expect(whole.stderr).toContain(
      "reading the backend's stack files failed too: the AWS credentials come from AWS IAM Identity Center " +
        '(SSO, in AWS profile "default"), which the audit\'s reading of the bucket does not follow',
    );
    expect(whole.stderr).toContain("--stacks <project>/* lists project by project");

    const named = await audit(["--json", "--fail-on", "unreadable", "--stacks", "e2e-claims/*,other/broken"]);
    expect(named.code, named.stderr).toBe(1);
    const report = JSON.parse(named.stdout) as {
      managed: { urn: string }[];
      unreadable: { stack: string; reason: string }[];
    };
    expect(report.managed.map((m) => m.urn)).toEqual([urn]);
    expect(report.unreadable).toEqual([
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") },
    ]);

    const pattern = await audit(["--fail-on", "none", "--stacks", "e2e-claims/*,other/*"]);
    expect(pattern.code, pattern.stderr).toBe(0);
    expect(pattern.stdout).toMatch(new RegExp(`organization/e2e-claims/${stack.stack}\\s+1\\n`));
    expect(pattern.stdout).toMatch(
      /other\/\*\s+its stacks could not be listed: pulumi stack ls --project other failed: /,
    );
    for (const r of [whole, named, pattern]) {
      expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
      expect(r.stdout + r.stderr).not.toContain(s3!.secretKey);
    }
    // The CLI did read the bucket with the keys SSO gave.
    expect(portal!.granted).toBeGreaterThan(0);
  });
});
