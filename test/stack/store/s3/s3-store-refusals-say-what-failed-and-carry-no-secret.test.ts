/**
 * When the S3 service refuses the store (a wrong secret, an unknown key, a missing bucket) or
 * cannot be reached, list and read throw a BackendStoreError whose reason gives the status,
 * the service's error code and what to check, and never the secret, the key ID or the query;
 * a profile's keys in the shared files are signed with like the environment's. Real
 * S3-compatible server on loopback, which checks every signature of a read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rejectionOf } from "../../../support/thrown-error";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { closedPort } from "../../../support/closed-port";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer;
const dir = mkdtempSync(join(tmpdir(), "s3-refusals-"));
beforeAll(async () => {
  s3 = await startS3TestServer();
  await s3.put(".pulumi/stacks/app/prod.json", "{}");
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const failure = (run: () => Promise<unknown>) => rejectionOf(run(), BackendStoreError);

test("a wrong secret is refused with the service's code, and the secret appears nowhere", async () => {
  const wrong = "wrong/Secret+Value0123456789abcdefghij";
  const store = openBackendStore(s3.backendUrl(), { ...s3.awsEnv(), AWS_SECRET_ACCESS_KEY: wrong })!;
  for (const err of [
    await failure(() => store.list(".pulumi/stacks/")),
    await failure(() => store.read(".pulumi/meta.yaml")),
  ]) {
    expect(err.reason).toMatch(/was refused: HTTP 403 SignatureDoesNotMatch/);
    expect(err.reason).toContain("check the AWS credentials the CLI runs with");
    expect(err.where).toBe("s3://state");
    for (const text of [err.message, err.reason, err.stack ?? ""]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(s3.accessKey);
      expect(text).not.toContain("endpoint=");
    }
  }
});

test("an unknown key ID is refused as such, without the key ID or a session token", async () => {
  const env = { ...s3.awsEnv(), AWS_ACCESS_KEY_ID: "AKIAUNKNOWNKEY000000", AWS_SESSION_TOKEN: "session-token-value" };
  const err = await failure(() => openBackendStore(s3.backendUrl(), env)!.list(".pulumi/"));
  expect(err.reason).toContain("HTTP 403 InvalidAccessKeyId");
  expect(err.message).not.toContain("AKIAUNKNOWNKEY000000");
  expect(err.message).not.toContain("session-token-value");
});

test("a profile named in the URL signs with the shared files' keys and session token, over the environment's", async () => {
  const credentials = join(dir, "credentials");
  writeFileSync(
    credentials,
    `[state-reader]\naws_access_key_id = ${s3.accessKey}\naws_secret_access_key = ${s3.secretKey}\n` +
      "aws_session_token = profile-session-token\n",
  );
  const env = {
    AWS_ACCESS_KEY_ID: "AKIAOTHER",
    AWS_SECRET_ACCESS_KEY: "other",
    AWS_SHARED_CREDENTIALS_FILE: credentials,
    AWS_CONFIG_FILE: join(dir, "none"),
  };
  const store = openBackendStore(s3.backendUrl("", "&profile=state-reader"), env)!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
});

test("a missing bucket and an endpoint nobody answers say which and what to check", async () => {
  const noBucket = s3.backendUrl().replace("s3://state", "s3://nothere");
  const missing = await failure(() => openBackendStore(noBucket, s3.awsEnv())!.list(".pulumi/"));
  expect(missing.reason).toMatch(/HTTP 404 NoSuchBucket .*check the bucket name and the endpoint/);
  const read = await failure(() => openBackendStore(noBucket, s3.awsEnv())!.read(".pulumi/meta.yaml"));
  expect(read.reason).toContain("NoSuchBucket");

  const port = await closedPort();
  const closed = `s3://state?endpoint=http://127.0.0.1:${port}&s3ForcePathStyle=true`;
  const down = await failure(() => openBackendStore(closed, s3.awsEnv())!.list(".pulumi/"));
  expect(down.reason).toBe(
    `cannot reach http://127.0.0.1:${port} to list .pulumi/: ECONNREFUSED; ` +
      "check the endpoint (endpoint= or AWS_ENDPOINT_URL_S3), the region and the network",
  );
});

test("settings are checked when the store is first used: a bad URL fails list, not open", async () => {
  const store = openBackendStore("s3://state?nonsense=1", s3.awsEnv())!;
  expect(store.where).toBe("s3://state");
  expect((await failure(() => store.list(".pulumi/"))).reason).toContain('unknown query parameter "nonsense"');
});

test("a CA bundle that cannot be read is named before any request", async () => {
  const env = { ...s3.awsEnv(), AWS_CA_BUNDLE: join(dir, "missing-ca.pem") };
  const err = await failure(() => openBackendStore("s3://state?region=eu-west-1", env)!.list(".pulumi/"));
  expect(err.reason).toMatch(/^AWS_CA_BUNDLE /);
  expect(err.reason).toContain("missing-ca.pem");
});

test("anonymous=true sends no signature: a bucket that needs one refuses it", async () => {
  const err = await failure(() =>
    openBackendStore(s3.backendUrl("", "&anonymous=true"), s3.awsEnv())!.list(".pulumi/"),
  );
  expect(err.reason).toContain("was refused: HTTP 403 AccessDenied");
});
