/**
 * Against Azurite (which checks the Shared Key signature of every request): the store
 * follows List Blobs' markers to the last page, and returns the keys under the URL's path
 * (and `prefix` parameter) relative to it, nothing of a sibling path.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { startAzurite, type Azurite } from "../../../support/azurite";

let azurite: Azurite;
const url = (path: string, query = "") => `azblob://state${path}?domain=${azurite.domain}&protocol=http${query}`;
const STACKS = ["app/dev.json", "app/prod.json", "app/prod.json.bak", "web/a.json.gz", "web/b.json", "web/c.json"];

beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer("state");
  for (const key of STACKS) await azurite.putBlob("state", `teams/web/.pulumi/stacks/${key}`, key);
  await azurite.putBlob("state", "teams/web/.pulumi/meta.yaml", "version: 1\n");
  // Beside the backend's path, and a sibling whose name starts like it: none of its keys.
  await azurite.putBlob("state", "teams/.pulumi/stacks/app/other.json", "{}");
  await azurite.putBlob("state", "teams/webshop/.pulumi/stacks/app/other.json", "{}");
  await azurite.putBlob("state", "org/teams/web/.pulumi/stacks/app/prefixed.json", "{}");
}, 180_000);
afterAll(async () => await azurite?.stop());

test("a list of six keys two a page comes back whole, relative to the URL's path", async () => {
  const store = azblobStore(url("/teams/web"), azurite.env, { pageSize: 2 });
  const keys = await store.list(".pulumi/stacks/");
  expect(keys.sort()).toEqual(STACKS.map((k) => `.pulumi/stacks/${k}`).sort());
  expect((await store.list(".pulumi/")).length).toBe(STACKS.length + 1);
});

test("a page size that divides the keys evenly still ends (the last page has no marker)", async () => {
  const store = azblobStore(url("/teams/web/"), azurite.env, { pageSize: 3 });
  expect((await store.list(".pulumi/stacks/")).length).toBe(6);
  expect(await store.list(".pulumi/history/")).toEqual([]);
});

test("the prefix parameter goes before the URL's path", async () => {
  const store = azblobStore(url("/teams/web", "&prefix=org/"), azurite.env);
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prefixed.json"]);
});

test("a backend at the container's root sees every key", async () => {
  const store = azblobStore(url(""), azurite.env);
  expect((await store.list("teams/")).length).toBe(STACKS.length + 3);
});
