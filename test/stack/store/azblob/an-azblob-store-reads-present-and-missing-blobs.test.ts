/**
 * Against Azurite: a blob under the URL's path reads as its exact bytes (binary, and a key
 * that needs escaping in the request path); a missing blob reads as undefined, a missing
 * container is an error naming it.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { startAzurite, type Azurite } from "../../../support/azurite";

let azurite: Azurite;
const url = (container: string) => `azblob://${container}/p?domain=${azurite.domain}&protocol=http`;
const GZ = gzipSync(Buffer.from('{"version":3}'));

beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer("state");
  await azurite.putBlob("state", "p/.pulumi/stacks/app/dev.json.gz", GZ);
  await azurite.putBlob("state", "p/odd name+#%/é.json", "odd");
}, 180_000);
afterAll(async () => await azurite?.stop());

test("a present blob reads as its bytes", async () => {
  const store = azblobStore(url("state"), azurite.env);
  expect((await store.read(".pulumi/stacks/app/dev.json.gz"))?.equals(GZ)).toBe(true);
  expect((await store.read("odd name+#%/é.json"))?.toString()).toBe("odd");
  expect(await store.list("odd")).toEqual(["odd name+#%/é.json"]);
});

test("a missing blob reads as undefined", async () => {
  const store = azblobStore(url("state"), azurite.env);
  expect(await store.read(".pulumi/stacks/app/prod.json")).toBeUndefined();
  // The same key outside the URL's path does not count.
  await azurite.putBlob("state", ".pulumi/stacks/app/prod.json", "{}");
  expect(await store.read(".pulumi/stacks/app/prod.json")).toBeUndefined();
});

test("a missing container is an error that names it, for a read and a list", async () => {
  const store = azblobStore(url("nothing-here"), azurite.env);
  for (const call of [() => store.read(".pulumi/meta.yaml"), () => store.list(".pulumi/")]) {
    const err = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendStoreError);
    expect((err as BackendStoreError).reason).toMatch(
      /answered 404 ContainerNotFound .*: the container "nothing-here" does not exist in this storage account/,
    );
  }
});
