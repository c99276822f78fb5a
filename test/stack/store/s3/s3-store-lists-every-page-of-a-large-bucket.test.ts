/**
 * S3 answers a list with 1000 keys at most and a continuation token: the store follows the
 * tokens until the list ends, against a real S3-compatible server on loopback.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer;
const stacks = Array.from({ length: 1203 }, (_, i) => `.pulumi/stacks/app/s${String(i).padStart(4, "0")}.json`);

beforeAll(async () => {
  s3 = await startS3TestServer();
  const queue = [...stacks, ".pulumi/meta.yaml"];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) await s3.put(key, "{}");
    }),
  );
}, 120_000);
afterAll(() => s3?.close());

test("a prefix holding more than a page of keys lists all of them, once each", async () => {
  const store = openBackendStore(s3.backendUrl(), s3.awsEnv())!;
  const keys = await store.list(".pulumi/stacks/");
  expect(keys.length).toBe(1203);
  expect(new Set(keys)).toEqual(new Set(stacks));
  expect(await store.list(".pulumi/")).toHaveLength(1204);
});
