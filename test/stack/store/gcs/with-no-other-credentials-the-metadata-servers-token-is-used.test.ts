/**
 * With no credentials in the environment or gcloud's folder, the store asks the metadata
 * server of Google's machines (GCE_METADATA_HOST here, as Google's libraries take it) for the
 * machine's token, with the `Metadata-Flavor: Google` header it requires, and sends that token
 * to Cloud Storage. Where no metadata server answers, the error says so and lists the
 * credentials to set instead.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { closedPort } from "../../../support/closed-port";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { rejectionOf } from "../../../support/thrown-error";

const ACCESS_TOKEN = "ya29.machine-token";
let server: GcsTestServer;
let metadata: Server;
let metadataHost: string;
const asked: { path: string; flavor?: string }[] = [];
const home = mkdtempSync(join(tmpdir(), "gcs-mds-"));

beforeAll(async () => {
  server = await startGcsTestServer({ buckets: ["state"], token: ACCESS_TOKEN });
  await server.put("state", ".pulumi/stacks/app/prod.json", "{}", ACCESS_TOKEN);
  // Answers as the metadata server does: only requests that carry its header get a token.
  metadata = createServer((req, res) => {
    const flavor = req.headers["metadata-flavor"] as string | undefined;
    asked.push({ path: req.url ?? "", flavor });
    const ok =
      flavor === "Google" && req.url?.startsWith("/computeMetadata/v1/instance/service-accounts/default/token");
    res.statusCode = ok ? 200 : 403;
    res.end(ok ? JSON.stringify({ access_token: ACCESS_TOKEN, expires_in: 3599, token_type: "Bearer" }) : "");
  });
  await new Promise<void>((resolve) => metadata.listen(0, "127.0.0.1", resolve));
  metadataHost = `127.0.0.1:${(metadata.address() as AddressInfo).port}`;
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => metadata?.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

test("the machine's token from the metadata server reaches the bucket", async () => {
  const store = gcsStore("gs://state", { HOME: home, GCE_METADATA_HOST: metadataHost }, server.url);
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(asked).toEqual([
    {
      path: "/computeMetadata/v1/instance/service-accounts/default/token?scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdevstorage.read_only",
      flavor: "Google",
    },
  ]);
});

test("no metadata server either: what failed, and the credentials to set instead", async () => {
  const port = await closedPort();
  const store = gcsStore("gs://state", { HOME: home, GCE_METADATA_HOST: `127.0.0.1:${port}` }, server.url);
  const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toBe(
    `cannot get an access token from the metadata server (127.0.0.1:${port}): could not reach 127.0.0.1:${port} ` +
      "(ECONNREFUSED); no other Google credentials were found: set GOOGLE_CREDENTIALS (a service account key's JSON), " +
      "GOOGLE_APPLICATION_CREDENTIALS (its file) or GOOGLE_OAUTH_ACCESS_TOKEN, or run `gcloud auth application-default login`",
  );
});
