/**
 * Without a variable naming credentials, the store reads gcloud's application default
 * credentials (`~/.config/gcloud/application_default_credentials.json`, after `gcloud auth
 * application-default login`): an `authorized_user` whose refresh token it trades at the
 * token endpoint for the access token it then sends to Cloud Storage.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { startTokenEndpoint, type TokenEndpoint } from "../../../support/google-token-endpoint";

const ACCESS_TOKEN = "ya29.user-token";
let server: GcsTestServer;
let endpoint: TokenEndpoint;
const home = mkdtempSync(join(tmpdir(), "gcs-adc-"));

beforeAll(async () => {
  endpoint = await startTokenEndpoint(ACCESS_TOKEN);
  server = await startGcsTestServer({ buckets: ["state"], token: ACCESS_TOKEN });
  await server.put("state", ".pulumi/stacks/app/prod.json", "{}", ACCESS_TOKEN);
  mkdirSync(join(home, ".config", "gcloud"), { recursive: true });
  writeFileSync(join(home, ".config", "gcloud", "application_default_credentials.json"), endpoint.userJson);
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await endpoint?.close();
  rmSync(home, { recursive: true, force: true });
});

test("the refresh token in HOME's gcloud folder gets the token the bucket accepts", async () => {
  const store = gcsStore("gs://state", { HOME: home }, server.url);
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(endpoint.grants).toEqual([
    { grantType: "refresh_token", granted: true, scope: "https://www.googleapis.com/auth/devstorage.read_only" },
  ]);
});
