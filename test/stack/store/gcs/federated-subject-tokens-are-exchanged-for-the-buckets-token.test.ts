/**
 * Workload identity federation (`external_account` files): the store reads the subject token
 * from the file or URL the file names, trades it at its token_url (the STS here checks the
 * RFC 8693 form fields), and, with a service_account_impersonation_url, trades that token for
 * the service account's at IAM Credentials. The bucket's server answers only requests that
 * carry the token it was started with, which the STS gives for the storage scope and IAM
 * Credentials for the impersonated account, but not the cloud-platform token the STS gives
 * for impersonating.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import {
  AUDIENCE,
  CLOUD_PLATFORM,
  READ_ONLY,
  SUBJECT_HEADER,
  SUBJECT_TOKEN,
  SUBJECT_TOKEN_TYPE,
  startStsEndpoint,
  type StsEndpoint,
} from "../../../support/google-sts-endpoint";
import { rejectionOf } from "../../../support/thrown-error";

const BUCKET_TOKEN = "ya29.bucket-reader";
const FEDERATED_TOKEN = "ya29.federated-cloud-platform";
let server: GcsTestServer;
let sts: StsEndpoint;
const dir = mkdtempSync(join(tmpdir(), "gcs-wif-"));

beforeAll(async () => {
  sts = await startStsEndpoint({ direct: BUCKET_TOKEN, federated: FEDERATED_TOKEN, impersonated: BUCKET_TOKEN });
  server = await startGcsTestServer({ buckets: ["state"], token: BUCKET_TOKEN });
  await server.put("state", "base/.pulumi/stacks/app/prod.json", '{"v":1}', BUCKET_TOKEN);
}, 600_000);
afterEach(() => {
  sts.client = undefined;
});
afterAll(async () => {
  await server?.stop();
  await sts?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A store reading with the `external_account` file `fields` describe (GOOGLE_APPLICATION_CREDENTIALS). */
function storeWith(fields: Record<string, unknown>) {
  const file = join(dir, `wif-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      type: "external_account",
      audience: AUDIENCE,
      subject_token_type: SUBJECT_TOKEN_TYPE,
      token_url: sts.tokenUrl,
      ...fields,
    }),
  );
  return gcsStore("gs://state/base", { GOOGLE_APPLICATION_CREDENTIALS: file, HOME: dir }, server.url);
}

const newCalls = async (run: () => Promise<unknown>) => {
  const before = sts.calls.length;
  await run();
  return sts.calls.slice(before);
};

test("the cloud-platform token the STS gives for impersonating is not one the bucket takes", async () => {
  const res = await fetch(`${server.url}/storage/v1/b/state/o`, {
    headers: { authorization: `Bearer ${FEDERATED_TOKEN}` },
  });
  expect(res.status).toBe(401);
});

test("a subject token file in text: one exchange with the library's form fields, then the listing and a read", async () => {
  const tokenFile = join(dir, "oidc.txt");
  writeFileSync(tokenFile, `${SUBJECT_TOKEN}\n`);
  const store = storeWith({ credential_source: { file: tokenFile } });
  const calls = await newCalls(async () => {
    expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
    expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe('{"v":1}');
  });
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    path: "/v1/token",
    granted: true,
    fields: {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:access_token",
      subject_token_type: SUBJECT_TOKEN_TYPE,
      audience: AUDIENCE,
      scope: READ_ONLY,
    },
  });
  expect(calls[0].authorization).toBeUndefined();
});

test("a JSON subject token file with impersonation: the STS token (cloud-platform) asks IAM Credentials", async () => {
  const tokenFile = join(dir, "oidc.json");
  writeFileSync(tokenFile, JSON.stringify({ id_token: SUBJECT_TOKEN }));
  const store = storeWith({
    credential_source: { file: tokenFile, format: { type: "json", subject_token_field_name: "id_token" } },
    service_account_impersonation_url: sts.impersonationUrl,
    service_account_impersonation: { token_lifetime_seconds: 1200 },
  });
  const calls = await newCalls(async () => {
    expect(await store.list(".pulumi/stacks/app/")).toEqual([".pulumi/stacks/app/prod.json"]);
  });
  expect(calls.map((c) => [c.path.split("/").pop(), c.granted])).toEqual([
    ["token", true],
    [expect.stringContaining(":generateAccessToken"), true],
  ]);
  expect(calls[0].fields.scope).toBe(CLOUD_PLATFORM);
  expect(calls[1].authorization).toBe(`Bearer ${FEDERATED_TOKEN}`);
  expect(calls[1].fields).toEqual({ lifetime: "1200s", scope: [READ_ONLY] });
});

test("a subject token URL with headers, JSON, and an OAuth client that authenticates to the STS", async () => {
  sts.client = { id: "wif-client", secret: "wif-client-secret" };
  const store = storeWith({
    credential_source: {
      url: sts.subjectJsonUrl,
      headers: { [SUBJECT_HEADER.name]: SUBJECT_HEADER.value },
      format: { type: "json", subject_token_field_name: "id_token" },
    },
    client_id: "wif-client",
    client_secret: "wif-client-secret",
  });
  const calls = await newCalls(async () => {
    expect(await store.list(".pulumi/stacks/app/")).toEqual([".pulumi/stacks/app/prod.json"]);
  });
  expect(calls.map((c) => c.granted)).toEqual([true]);
  expect(calls[0].authorization).toMatch(/^Basic /);
});

test("a subject token URL answering text, read as is", async () => {
  const store = storeWith({
    credential_source: { url: sts.subjectTextUrl, headers: { [SUBJECT_HEADER.name]: SUBJECT_HEADER.value } },
  });
  expect(await store.list(".pulumi/stacks/app/")).toEqual([".pulumi/stacks/app/prod.json"]);
});

test("a subject token the STS refuses fails the store with its answer, without the token", async () => {
  const tokenFile = join(dir, "stale.txt");
  writeFileSync(tokenFile, "eyJ.stale-subject.sig");
  const store = storeWith({ credential_source: { file: tokenFile } });
  const error = await rejectionOf(store.list(".pulumi/stacks/"), BackendStoreError);
  expect(error.reason).toMatch(
    /^cannot get an access token from the file GOOGLE_APPLICATION_CREDENTIALS names .*: the token endpoint 127\.0\.0\.1:\d+ refused it \(HTTP 400 invalid_grant/,
  );
  expect(error.message).not.toContain("stale-subject");
});

test("a subject token URL that refuses the request names its host and status only", async () => {
  const store = storeWith({ credential_source: { url: `${sts.subjectTextUrl}?key=secret-query` } });
  const error = await rejectionOf(store.list(".pulumi/stacks/"), BackendStoreError);
  expect(error.reason).toMatch(/the subject token URL at 127\.0\.0\.1:\d+ answered HTTP 400$/);
  expect(error.message).not.toContain("secret-query");
});
