/**
 * A gs:// backend's store reads an object's bytes as stored (a compressed checkpoint stays
 * compressed, a name with spaces or `+` is found), a missing object as undefined, and a
 * bucket that does not exist as a BackendStoreError that says so.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { rejectionOf } from "../../../support/thrown-error";

let server: GcsTestServer;
const gz = gzipSync(Buffer.from('{"version":3}'));

beforeAll(async () => {
  server = await startGcsTestServer({ buckets: ["state"] });
  await server.put("state", "root/.pulumi/stacks/app/prod.json", '{"version":3,"checkpoint":{}}');
  await server.put("state", "root/.pulumi/stacks/app/zipped.json.gz", gz);
  await server.put("state", "root/.pulumi/stacks/my app/a+b.json", "odd");
}, 600_000);
afterAll(() => server?.stop());

const env = () => ({ STORAGE_EMULATOR_HOST: server.host });

test("a present object reads as its bytes, relative to the URL's path", async () => {
  const store = gcsStore("gs://state/root", env());
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe('{"version":3,"checkpoint":{}}');
  expect((await store.read(".pulumi/stacks/app/zipped.json.gz"))?.equals(gz)).toBe(true);
  expect((await store.read(".pulumi/stacks/my app/a+b.json"))?.toString()).toBe("odd");
});

test("a missing object reads as undefined", async () => {
  const store = gcsStore("gs://state/root", env());
  expect(await store.read(".pulumi/stacks/app/dev.json")).toBeUndefined();
  // The same name outside the URL's path is not the backend's.
  expect(await gcsStore("gs://state", env()).read(".pulumi/stacks/app/prod.json")).toBeUndefined();
});

test("a bucket that does not exist fails the list, naming the bucket and the status", async () => {
  const err = await rejectionOf(gcsStore("gs://nowhere/root", env()).list(".pulumi/stacks/"), BackendStoreError);
  expect(err.where).toBe("gs://nowhere/root");
  expect(err.reason).toMatch(/bucket nowhere \(HTTP 404.*the bucket does not exist/);
});
