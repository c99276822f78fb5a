/**
 * Against Azurite, which checks Shared Key signatures and SAS tokens as Azure does: the
 * store lists and reads with each credential the CLI takes from the environment, an account
 * key, a SAS token, and a connection string holding either, and with the emulator's
 * `localemu` layout under a host name.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { AZURITE_ACCOUNT, AZURITE_KEY, startAzurite, type Azurite } from "../../../support/azurite";

let azurite: Azurite;
const KEY = ".pulumi/stacks/app/dev.json";

beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer("state");
  await azurite.putBlob("state", `b/${KEY}`, "{}");
}, 180_000);
afterAll(async () => await azurite?.stop());

async function readsAndLists(url: string, env: NodeJS.ProcessEnv): Promise<void> {
  const store = azblobStore(url, env);
  expect(await store.list(".pulumi/")).toEqual([KEY]);
  expect((await store.read(KEY))?.toString()).toBe("{}");
}

test("an account key (AZURE_STORAGE_ACCOUNT and AZURE_STORAGE_KEY) signs each request", async () => {
  await readsAndLists(`azblob://state/b?domain=${azurite.domain}&protocol=http`, azurite.env);
});

test("the emulator's layout for a domain not spelt 127.0.0.1 or localhost with localemu, from AZURE_STORAGE_DOMAIN", async () => {
  // 127.1 is 127.0.0.1, but only localemu puts the account in the path for it.
  const domain = azurite.domain.replace("127.0.0.1", "127.1");
  const env = { ...azurite.env, AZURE_STORAGE_DOMAIN: domain, AZURE_STORAGE_PROTOCOL: "http" };
  await readsAndLists("azblob://state/b?localemu=true", env);
});

test("a SAS token (AZURE_STORAGE_SAS_TOKEN) rides in each request's query", async () => {
  const env = { AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT, AZURE_STORAGE_SAS_TOKEN: azurite.accountSas("rl") };
  await readsAndLists(`azblob://state/b?domain=${azurite.domain}&protocol=http`, env);
});

test("a connection string with an account key, or with a shared access signature", async () => {
  const endpoint = `BlobEndpoint=${azurite.serviceUrl};`;
  const withKey = `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};${endpoint}`;
  await readsAndLists("azblob://state/b", { AZURE_STORAGE_CONNECTION_STRING: withKey });
  const withSas = `AccountName=${AZURITE_ACCOUNT};${endpoint}SharedAccessSignature=${azurite.accountSas("rl")}`;
  await readsAndLists("azblob://state/b", { AZURE_STORAGEBLOB_CONNECTIONSTRING: withSas });
});
