/**
 * With a service account key (GOOGLE_APPLICATION_CREDENTIALS names its file, or
 * GOOGLE_CREDENTIALS holds its JSON), the store signs a JWT with the key (RS256), trades it at
 * the key's token_uri for an access token, and sends that token to Cloud Storage. The token
 * endpoint here verifies the signature with the key pair's public key, and the bucket's
 * server answers only requests that carry the token it gave.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { SERVICE_ACCOUNT, startTokenEndpoint, type TokenEndpoint } from "../../../support/google-token-endpoint";

const ACCESS_TOKEN = "ya29.service-account-token";
let server: GcsTestServer;
let endpoint: TokenEndpoint;
const dir = mkdtempSync(join(tmpdir(), "gcs-sa-"));

beforeAll(async () => {
  endpoint = await startTokenEndpoint(ACCESS_TOKEN);
  server = await startGcsTestServer({ buckets: ["state"], token: ACCESS_TOKEN, pageSize: 1 });
  await server.put("state", "base/.pulumi/stacks/app/prod.json", "{}", ACCESS_TOKEN);
  await server.put("state", "base/.pulumi/stacks/app/dev.json", "{}", ACCESS_TOKEN);
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the bucket's server refuses a request without the token", async () => {
  expect((await fetch(`${server.url}/storage/v1/b/state/o`)).status).toBe(401);
});

test("a key file named by GOOGLE_APPLICATION_CREDENTIALS: one verified grant, then the listing and a read", async () => {
  const keyFile = join(dir, "key.json");
  writeFileSync(keyFile, endpoint.serviceAccountJson);
  const before = endpoint.grants.length;
  const store = gcsStore("gs://state/base", { GOOGLE_APPLICATION_CREDENTIALS: keyFile, HOME: dir }, server.url);
  expect((await store.list(".pulumi/stacks/")).sort()).toEqual([
    ".pulumi/stacks/app/dev.json",
    ".pulumi/stacks/app/prod.json",
  ]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
  // Three requests (two pages and a read) on one token.
  const grants = endpoint.grants.slice(before);
  expect(grants).toHaveLength(1);
  expect(grants[0]).toMatchObject({
    grantType: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    granted: true,
    claims: { iss: SERVICE_ACCOUNT, aud: endpoint.url, scope: "https://www.googleapis.com/auth/devstorage.read_only" },
  });
});

test("the key's JSON in GOOGLE_CREDENTIALS comes before a GOOGLE_APPLICATION_CREDENTIALS file", async () => {
  const before = endpoint.grants.length;
  const env = {
    GOOGLE_CREDENTIALS: endpoint.serviceAccountJson,
    GOOGLE_APPLICATION_CREDENTIALS: join(dir, "none.json"),
  };
  const store = gcsStore("gs://state/base", env, server.url);
  expect(await store.list(".pulumi/stacks/app/p")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(endpoint.grants.slice(before).map((g) => g.granted)).toEqual([true]);
});

test("GOOGLE_OAUTH_ACCESS_TOKEN is sent as it is, with no exchange", async () => {
  const before = endpoint.grants.length;
  const store = gcsStore("gs://state/base", { GOOGLE_OAUTH_ACCESS_TOKEN: ACCESS_TOKEN, HOME: dir }, server.url);
  expect(await store.list(".pulumi/stacks/app/d")).toEqual([".pulumi/stacks/app/dev.json"]);
  expect(endpoint.grants.length).toBe(before);
});
