/**
 * Credentials Cloud Storage or the token endpoint refuse end the listing with a
 * BackendStoreError that says who refused, the status and what to do, and holds no secret:
 * not the token, not the private key, not the signed assertion, not the refresh token.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { closedPort } from "../../../support/closed-port";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { startTokenEndpoint, USER, type TokenEndpoint } from "../../../support/google-token-endpoint";
import { rejectionOf } from "../../../support/thrown-error";

const ACCESS_TOKEN = "ya29.the-right-token";
let server: GcsTestServer;
let endpoint: TokenEndpoint;

beforeAll(async () => {
  endpoint = await startTokenEndpoint(ACCESS_TOKEN);
  server = await startGcsTestServer({ buckets: ["state"], token: ACCESS_TOKEN });
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await endpoint?.close();
});

/** The error's every text, for checks that no secret is in any of them. */
const texts = (err: BackendStoreError) => [err.message, err.reason, err.where, String(err.stack)].join("\n");

test("a token the bucket refuses: 401 and its reason, without the token", async () => {
  const wrong = "ya29.a-stale-token-7f3e";
  const store = gcsStore("gs://state/dir?anonymous=false", { GOOGLE_OAUTH_ACCESS_TOKEN: wrong }, server.url);
  const err = await rejectionOf(store.list(".pulumi/stacks/"), BackendStoreError);
  expect(err.where).toBe("gs://state/dir");
  expect(err.reason).toMatch(
    /credentials from GOOGLE_OAUTH_ACCESS_TOKEN .*bucket state \(HTTP 401 authError: Invalid Credentials\).*renew them/,
  );
  expect(texts(err)).not.toContain(wrong);
});

test("a key whose signature does not verify: the token endpoint's refusal, without the key or assertion", async () => {
  const store = gcsStore("gs://state", { GOOGLE_CREDENTIALS: endpoint.strangerJson }, server.url);
  const err = await rejectionOf(store.read(".pulumi/meta.yaml"), BackendStoreError);
  expect(err.reason).toMatch(
    /access token from GOOGLE_CREDENTIALS: .*refused it \(HTTP 400 invalid_grant: Invalid JWT Signature\.\)/,
  );
  expect(endpoint.grants.at(-1)).toMatchObject({ granted: false });
  const key = (JSON.parse(endpoint.strangerJson) as { private_key: string }).private_key;
  const keyBody = key.split("\n")[1];
  expect(texts(err)).not.toContain(keyBody);
  expect(texts(err)).not.toMatch(/eyJ[\w-]+\.eyJ/);
});

test("a refresh token the endpoint refuses: no refresh token or client secret in the error", async () => {
  const revoked = JSON.stringify({ ...JSON.parse(endpoint.userJson), refresh_token: "1//revoked-4e5f" });
  const store = gcsStore("gs://state", { GOOGLE_CREDENTIALS: revoked }, server.url);
  const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toMatch(/HTTP 400 invalid_grant/);
  expect(texts(err)).not.toContain("revoked-4e5f");
  expect(texts(err)).not.toContain(USER.client_secret);
});

test("an emulator host nothing listens on: the host and what to check", async () => {
  const port = await closedPort();
  const store = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: `127.0.0.1:${port}` });
  const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toBe(`could not reach 127.0.0.1:${port} (ECONNREFUSED); check STORAGE_EMULATOR_HOST`);
});
