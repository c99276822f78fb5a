/**
 * gcloud's `impersonated_service_account` files: the store gets a token for the file's
 * source_credentials (here gcloud user credentials, refreshed at a token endpoint that checks
 * the client and refresh token), then asks IAM Credentials, with that token, for the service
 * account's. The bucket's server takes only the impersonated account's token, not the source's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { startTokenEndpoint, type TokenEndpoint } from "../../../support/google-token-endpoint";
import { READ_ONLY, startStsEndpoint, type StsEndpoint } from "../../../support/google-sts-endpoint";
import { rejectionOf } from "../../../support/thrown-error";

const BUCKET_TOKEN = "ya29.impersonated-reader";
const SOURCE_TOKEN = "ya29.gcloud-user";
const DELEGATE = "projects/-/serviceAccounts/hop@uptime-tests.iam.gserviceaccount.com";
let server: GcsTestServer;
let iam: StsEndpoint;
let users: TokenEndpoint;
const dir = mkdtempSync(join(tmpdir(), "gcs-imp-"));

beforeAll(async () => {
  iam = await startStsEndpoint({ direct: "unused", federated: "unused", impersonated: BUCKET_TOKEN });
  users = await startTokenEndpoint(SOURCE_TOKEN);
  server = await startGcsTestServer({ buckets: ["state"], token: BUCKET_TOKEN });
  await server.put("state", ".pulumi/stacks/app/prod.json", "{}", BUCKET_TOKEN);
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await iam?.close();
  await users?.close();
  rmSync(dir, { recursive: true, force: true });
});

const impersonationFile = () =>
  JSON.stringify({
    type: "impersonated_service_account",
    service_account_impersonation_url: iam.impersonationUrl,
    delegates: [DELEGATE],
    source_credentials: JSON.parse(users.userJson) as unknown,
  });

test("the source's own token is not one the bucket takes", async () => {
  const res = await fetch(`${server.url}/storage/v1/b/state/o`, {
    headers: { authorization: `Bearer ${SOURCE_TOKEN}` },
  });
  expect(res.status).toBe(401);
});

test("the user's refreshed token asks IAM Credentials for the account's, which lists and reads the bucket", async () => {
  iam.trustedCallers.push(SOURCE_TOKEN);
  const store = gcsStore("gs://state", { GOOGLE_CREDENTIALS: impersonationFile(), HOME: dir }, server.url);
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
  expect(users.grants.map((g) => [g.grantType, g.granted])).toEqual([["refresh_token", true]]);
  expect(iam.calls).toHaveLength(1);
  expect(iam.calls[0]).toMatchObject({
    granted: true,
    authorization: `Bearer ${SOURCE_TOKEN}`,
    fields: { delegates: [DELEGATE], lifetime: "3600s", scope: [READ_ONLY] },
  });
  iam.trustedCallers.pop();
});

test("IAM Credentials refusing the source names the refusal, without either token", async () => {
  const store = gcsStore("gs://state", { GOOGLE_CREDENTIALS: impersonationFile(), HOME: dir }, server.url);
  const error = await rejectionOf(store.list(".pulumi/stacks/"), BackendStoreError);
  expect(error.reason).toMatch(
    /^cannot get an access token from GOOGLE_CREDENTIALS: impersonation at 127\.0\.0\.1:\d+ was refused \(HTTP 403 PERMISSION_DENIED/,
  );
  expect(error.message).not.toContain(SOURCE_TOKEN);
});
