/**
 * A bucket URL with a path is a backend rooted there (the CLI prefixes every key with it): the
 * store lists keys under that path without it, leaves the rest of the bucket out, reads an
 * object by its relative key (characters XML and URLs escape included) and a missing one as
 * undefined. Real S3-compatible server.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
  await s3.put("team a/app/.pulumi/stacks/web/prod.json", '{"version":3}');
  await s3.put("team a/app/.pulumi/history/web/prod/prod-1.checkpoint.json", "{}");
  await s3.put("team a/app/.pulumi/stacks/web/odd &<'name>.json", "odd");
  await s3.put("team a/other/.pulumi/stacks/web/dev.json", "{}");
  await s3.put(".pulumi/stacks/web/root.json", "{}");
});
afterAll(() => s3?.close());

test("keys under the URL's path are listed relative to it; the rest of the bucket is not", async () => {
  const store = openBackendStore(s3.backendUrl("team%20a/app"), s3.awsEnv())!;
  expect(store.where).toBe("s3://state/team%20a/app");
  expect((await store.list(".pulumi/")).sort()).toEqual([
    ".pulumi/history/web/prod/prod-1.checkpoint.json",
    ".pulumi/stacks/web/odd &<'name>.json",
    ".pulumi/stacks/web/prod.json",
  ]);
  expect((await store.list(".pulumi/stacks/")).sort()).toEqual([
    ".pulumi/stacks/web/odd &<'name>.json",
    ".pulumi/stacks/web/prod.json",
  ]);
  expect(await store.list(".pulumi/backups/")).toEqual([]);
  const root = openBackendStore(s3.backendUrl(), s3.awsEnv())!;
  expect(await root.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/root.json"]);
});

test("an object reads as its bytes under the URL's path, a missing one as undefined", async () => {
  const store = openBackendStore(s3.backendUrl("team%20a/app/"), s3.awsEnv())!;
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect((await store.read(".pulumi/stacks/web/odd &<'name>.json"))?.toString()).toBe("odd");
  expect(await store.read(".pulumi/stacks/web/dev.json")).toBeUndefined();
  expect(await store.read(".pulumi/stacks/web/root.json")).toBeUndefined();
});
