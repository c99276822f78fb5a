/**
 * A web identity token (AWS_WEB_IDENTITY_TOKEN_FILE with AWS_ROLE_ARN, or a profile's
 * web_identity_token_file and role_arn) is exchanged as the CLI's AWS SDK exchanges it: an
 * unsigned AssumeRoleWithWebIdentity to STS (AWS_ENDPOINT_URL_STS here, or the backend URL's
 * endpoint=, which gocloud.dev gives every AWS service), whose temporary keys and session token
 * then sign the store's requests, fetched once for the store's life. STS's refusal is named
 * with its code, never with the token. Real STS stand-in and S3-compatible
 * server on loopback.
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

const ROLE = "arn:aws:iam::123456789012:role/ci-deploy";
const TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOmNpIn0.c2lnbmF0dXJl";
let s3: S3TestServer;
let sts: StsTestServer;
const dir = mkdtempSync(join(tmpdir(), "aws-web-identity-"));
const tokenFile = join(dir, "token");
beforeAll(async () => {
  s3 = await startS3WithTemporaryKeys();
  sts = await startStsTestServer({
    roleArn: ROLE,
    webIdentityToken: TOKEN,
    issue: issuedKeys(s3),
  });
  writeFileSync(tokenFile, TOKEN);
});
afterAll(async () => {
  await s3?.close();
  await sts?.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => ({ ...NO_AWS_SETTINGS, AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_ENDPOINT_URL_STS: sts.url });

test("the environment's token and role get keys from STS once; they list and read the bucket", async () => {
  sts.calls.length = 0;
  const env = {
    ...base(),
    AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile,
    AWS_ROLE_ARN: ROLE,
    AWS_ROLE_SESSION_NAME: "gha-42",
  };
  const store = openBackendStore(s3.backendUrlWithoutEndpoint(), env)!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect(sts.calls).toEqual([
    {
      action: "AssumeRoleWithWebIdentity",
      form: {
        Action: "AssumeRoleWithWebIdentity",
        Version: "2011-06-15",
        RoleArn: ROLE,
        RoleSessionName: "gha-42",
        WebIdentityToken: TOKEN,
      },
      signed: false,
      keyId: undefined,
      granted: true,
    },
  ]);
});

test("a profile's web_identity_token_file and role_arn are used when the environment has no keys", async () => {
  sts.calls.length = 0;
  const config = join(dir, "config");
  writeFileSync(config, `[profile ci]\nrole_arn = ${ROLE}\nweb_identity_token_file = ${tokenFile}\n`);
  const store = openBackendStore(`${s3.backendUrlWithoutEndpoint()}&profile=ci`, {
    ...base(),
    AWS_CONFIG_FILE: config,
  })!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect(sts.calls.map((c) => [c.action, c.granted, /^\d+$/.test(c.form.RoleSessionName)])).toEqual([
    ["AssumeRoleWithWebIdentity", true, true], // no session name given: the SDK's, a time in nanoseconds
  ]);
});

test("STS's refusal names its code and the role, not the token; a missing token file is named", async () => {
  const wrong = join(dir, "wrong");
  writeFileSync(wrong, "not-the-token-7f3a");
  const env = { ...base(), AWS_WEB_IDENTITY_TOKEN_FILE: wrong, AWS_ROLE_ARN: ROLE };
  const err = await rejectionOf(
    openBackendStore(s3.backendUrlWithoutEndpoint(), env)!.list(".pulumi/"),
    BackendStoreError,
  );
  expect(err.reason).toBe(
    `cannot ask STS (${sts.url}) for the keys of role ${ROLE} (AssumeRoleWithWebIdentity): HTTP 400 ` +
      "InvalidIdentityToken: Couldn't retrieve verification key from your identity provider",
  );
  expect(err.message).not.toContain("not-the-token-7f3a");
  const gone = { ...env, AWS_WEB_IDENTITY_TOKEN_FILE: join(dir, "gone") };
  const missing = await rejectionOf(
    openBackendStore(s3.backendUrlWithoutEndpoint(), gone)!.list(".pulumi/"),
    BackendStoreError,
  );
  expect(missing.reason).toBe(`cannot read the web identity token file ${join(dir, "gone")} (ENOENT)`);
});

test("a backend URL's endpoint= receives the STS call too, as the CLI sends it there", async () => {
  sts.calls.length = 0;
  const env = { ...base(), AWS_WEB_IDENTITY_TOKEN_FILE: tokenFile, AWS_ROLE_ARN: ROLE };
  // The S3-compatible server is no STS: it refuses the unsigned call.
  const err = await rejectionOf(openBackendStore(s3.backendUrl(), env)!.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toBe(
    `cannot ask STS (${s3.endpoint}) for the keys of role ${ROLE} (AssumeRoleWithWebIdentity): HTTP 403 ` +
      "AccessDenied: Access Denied",
  );
  expect(sts.calls).toEqual([]);
  expect(err.message).not.toContain(TOKEN);
});
