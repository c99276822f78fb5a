/**
 * Container credentials (AWS_CONTAINER_CREDENTIALS_FULL_URI) are fetched as the CLI's AWS SDK
 * fetches them: a GET carrying AWS_CONTAINER_AUTHORIZATION_TOKEN, or the content of
 * AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE, which wins; the temporary keys sign the store's
 * requests. Over plain http the host must be loopback or the ECS/EKS agent's: another is
 * refused before any request. Real endpoint and S3-compatible server on loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startContainerCredentialsServer, type MetadataTestServer } from "../../../support/aws-metadata-test-servers";
import {
  issuedKeys,
  NO_AWS_SETTINGS,
  startS3WithTemporaryKeys,
  type S3TestServer,
} from "../../../support/s3-test-server";
import { rejectionOf } from "../../../support/thrown-error";

const PATH = "/v2/credentials/task-7";
const TOKEN = "Bearer pod-identity-token-61c0";
let s3: S3TestServer;
let endpoint: MetadataTestServer;
const dir = mkdtempSync(join(tmpdir(), "aws-container-"));
beforeAll(async () => {
  s3 = await startS3WithTemporaryKeys();
  endpoint = await startContainerCredentialsServer({
    path: PATH,
    authorization: TOKEN,
    issue: issuedKeys(s3),
  });
});
afterAll(async () => {
  await s3?.close();
  await endpoint?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (more: Record<string, string>) => ({
  ...NO_AWS_SETTINGS,
  AWS_CONTAINER_CREDENTIALS_FULL_URI: `${endpoint.url}${PATH}`,
  ...more,
});

test("the token in the environment gets the keys once; they list and read the bucket", async () => {
  endpoint.requests.length = 0;
  const store = openBackendStore(s3.backendUrl(), env({ AWS_CONTAINER_AUTHORIZATION_TOKEN: TOKEN }))!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect(endpoint.requests.map((r) => [r.method, r.path, r.headers.authorization, r.status])).toEqual([
    ["GET", PATH, TOKEN, 200],
  ]);
});

test("the token file wins over the variable; a wrong token is refused without being named", async () => {
  const file = join(dir, "token");
  writeFileSync(file, TOKEN);
  const both = env({
    AWS_CONTAINER_AUTHORIZATION_TOKEN: "stale-token-0b",
    AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: file,
  });
  expect(await openBackendStore(s3.backendUrl(), both)!.list(".pulumi/stacks/")).toEqual([
    ".pulumi/stacks/web/prod.json",
  ]);
  const wrong = env({ AWS_CONTAINER_AUTHORIZATION_TOKEN: "stale-token-0b" });
  const err = await rejectionOf(openBackendStore(s3.backendUrl(), wrong)!.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toBe(
    "the container credentials endpoint (AWS_CONTAINER_CREDENTIALS_FULL_URI) refused: HTTP 401 AccessDenied",
  );
  expect(err.message).not.toContain("stale-token-0b");
});

test("a plain-http FULL_URI on a host that is neither loopback nor the agent's is refused unasked", async () => {
  endpoint.requests.length = 0;
  const far = env({
    AWS_CONTAINER_CREDENTIALS_FULL_URI: `http://10.1.2.3${PATH}`,
    AWS_CONTAINER_AUTHORIZATION_TOKEN: TOKEN,
  });
  const err = await rejectionOf(openBackendStore(s3.backendUrl(), far)!.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toContain('AWS_CONTAINER_CREDENTIALS_FULL_URI names host "10.1.2.3": over http only loopback');
  expect(err.message).not.toContain("pod-identity-token");
});
