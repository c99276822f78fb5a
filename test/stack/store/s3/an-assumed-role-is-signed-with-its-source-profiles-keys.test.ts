/**
 * A profile with role_arn and source_profile is read as the CLI's AWS SDK reads it: the
 * source profile's keys sign an AssumeRole call to STS (Signature Version 4, checked by the
 * STS stand-in), whose temporary keys then sign the store's requests. The chain may go
 * through several profiles; a source profile that gives no keys is named. Real STS stand-in
 * and S3-compatible server on loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import {
  issuedKeys,
  NO_AWS_SETTINGS,
  startS3WithTemporaryKeys,
  type S3TestServer,
} from "../../../support/s3-test-server";
import { startStsTestServer, type StsTestServer } from "../../../support/sts-test-server";
import { rejectionOf } from "../../../support/thrown-error";

const ROLE = "arn:aws:iam::123456789012:role/state-reader";
const SOURCE = {
  accessKeyId: "AKIASOURCE0001",
  secretAccessKey: "source-secret-4c1d",
  sessionToken: "source-token-9e",
};
let s3: S3TestServer;
let sts: StsTestServer;
const dir = mkdtempSync(join(tmpdir(), "aws-assume-role-"));
const config = join(dir, "config");
const credentials = join(dir, "credentials");
beforeAll(async () => {
  s3 = await startS3WithTemporaryKeys();
  sts = await startStsTestServer({
    roleArn: ROLE,
    sourceKeys: SOURCE,
    issue: issuedKeys(s3),
  });
  writeFileSync(
    config,
    [
      "[profile reader]",
      `role_arn = ${ROLE}`,
      "source_profile = base",
      "role_session_name = audit",
      "external_id = ext-1",
      "[profile hop]",
      `role_arn = ${ROLE}`,
      "source_profile = reader",
      "[profile orphan]",
      `role_arn = ${ROLE}`,
      "source_profile = empty",
      "[profile empty]",
      "region = us-east-1",
    ].join("\n"),
  );
  writeFileSync(
    credentials,
    `[base]\naws_access_key_id = ${SOURCE.accessKeyId}\naws_secret_access_key = ${SOURCE.secretAccessKey}\n` +
      `aws_session_token = ${SOURCE.sessionToken}\n`,
  );
});
afterAll(async () => {
  await s3?.close();
  await sts?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (profile: string) => ({
  ...NO_AWS_SETTINGS,
  AWS_CONFIG_FILE: config,
  AWS_SHARED_CREDENTIALS_FILE: credentials,
  AWS_ENDPOINT_URL_S3: s3.endpoint,
  AWS_ENDPOINT_URL_STS: sts.url,
  AWS_PROFILE: profile,
});

test("the source profile's keys sign AssumeRole; the role's keys list and read the bucket", async () => {
  sts.calls.length = 0;
  const store = openBackendStore(s3.backendUrlWithoutEndpoint(), env("reader"))!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect(sts.calls).toEqual([
    {
      action: "AssumeRole",
      form: {
        Action: "AssumeRole",
        Version: "2011-06-15",
        RoleArn: ROLE,
        RoleSessionName: "audit",
        DurationSeconds: "900",
        ExternalId: "ext-1",
      },
      signed: true,
      keyId: SOURCE.accessKeyId,
      granted: true,
    },
  ]);
});

test("a chain of two roles signs the second AssumeRole with the first role's keys", async () => {
  sts.calls.length = 0;
  // The stand-in grants only calls signed with SOURCE: the second, signed with the issued keys, is refused.
  const err = await rejectionOf(
    openBackendStore(s3.backendUrlWithoutEndpoint(), env("hop"))!.list(".pulumi/"),
    BackendStoreError,
  );
  expect(sts.calls.map((c) => [c.action, c.keyId, c.granted])).toEqual([
    ["AssumeRole", SOURCE.accessKeyId, true],
    ["AssumeRole", s3.accessKey, false],
  ]);
  expect(err.reason).toBe(
    `cannot ask STS (${sts.url}) for the keys of role ${ROLE} (AssumeRole): HTTP 403 ` +
      "SignatureDoesNotMatch: The request signature we calculated does not match",
  );
  for (const secret of [s3.secretKey, s3.sessionToken!, SOURCE.secretAccessKey, SOURCE.sessionToken]) {
    expect(err.message).not.toContain(secret);
  }
});

test("a source profile with no credentials is named, and STS is not asked", async () => {
  sts.calls.length = 0;
  const err = await rejectionOf(
    openBackendStore(s3.backendUrlWithoutEndpoint(), env("orphan"))!.list(".pulumi/"),
    BackendStoreError,
  );
  expect(err.reason).toBe('source_profile "empty" of AWS profile "orphan" has no credentials');
  expect(sts.calls).toEqual([]);
});
