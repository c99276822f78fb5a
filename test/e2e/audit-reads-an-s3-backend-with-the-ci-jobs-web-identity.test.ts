/**
 * A CI job that signs in to AWS with a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE and
 * AWS_ROLE_ARN, as GitHub Actions' OIDC sets up) and uses an S3 backend: the CLI and the
 * audit's own reading of the bucket both exchange the token at STS (a stand-in on loopback,
 * AWS_ENDPOINT_URL_STS) for temporary keys that the S3-compatible server checks, session token
 * included. When `pulumi stack ls` fails on one checkpoint the audit lists the bucket's stack
 * files itself with those keys: the readable stack's monitor is managed, the broken stack is
 * unreadable. Real engine and CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedKeys, NO_AWS_SETTINGS, startS3TestServer, type S3TestServer } from "../support/s3-test-server";
import { startStsTestServer, type StsTestServer } from "../support/sts-test-server";
import { byName } from "./harness";
import { auditedStackWithOneMonitor, runAuditCli } from "./audit-cli";

const ROOT = "state";
const ROLE = "arn:aws:iam::123456789012:role/gha-deploy";
const TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOm9yZy9pbmZyYSJ9.c2lnbmVk";

describe("pulumi-uptime audit of an S3 backend reached with the CI job's web identity", () => {
  let s3: S3TestServer | undefined;
  let sts: StsTestServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), "aws-web-identity-"));
  const tokenFile = join(dir, "token");
  // The URL names no endpoint: gocloud.dev would send the STS call to it too.
  const backend = () => ({
    ...NO_AWS_SETTINGS,
    AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile,
    AWS_ROLE_ARN: ROLE,
    AWS_ROLE_SESSION_NAME: "gha-run-7",
    AWS_ENDPOINT_URL_STS: sts!.url,
    AWS_ENDPOINT_URL_S3: s3!.endpoint,
    PULUMI_BACKEND_URL: s3!.backendUrlWithoutEndpoint(ROOT),
  });
  beforeAll(async () => {
    s3 = await startS3TestServer("state", { sessionToken: true });
    sts = await startStsTestServer({ roleArn: ROLE, webIdentityToken: TOKEN, issue: issuedKeys(s3) });
    writeFileSync(tokenFile, TOKEN);
  });
  afterAll(async () => {
    await s3?.close();
    await sts?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const fixture = auditedStackWithOneMonitor("e2e audit s3 web identity", backend);

  it("lists the bucket's stack files with the keys STS gave for the token", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const monitor = byName(await stack.resources(), "api");
    expect(
      sts!.calls.some((c) => c.granted),
      "the CLI got its keys from STS",
    ).toBe(true);

    await s3!.put(`${ROOT}/.pulumi/stacks/other/broken.json`, "{not json");
    const listed = await stack.run(["stack", "ls", "--all", "--json"]);
    expect(listed.code, "the CLI's own list fails on the broken checkpoint").not.toBe(0);

    const r = await runAuditCli(stack, srv, ["--json", "--fail-on", "unreadable"], { env: backend() });
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { managed: { urn: string }[]; unreadable: { stack: string }[] };
    expect(report.managed.map((m) => m.urn)).toEqual([monitor.urn]);
    expect(report.unreadable.map((u) => u.stack)).toEqual(["organization/other/broken"]);
    expect(sts!.calls.every((c) => c.granted && !c.signed && c.form.RoleSessionName === "gha-run-7")).toBe(true);
    for (const secret of [srv.apiKey, s3!.secretKey, s3!.sessionToken!, TOKEN]) {
      expect(r.stdout + r.stderr).not.toContain(secret);
    }
  });
});
