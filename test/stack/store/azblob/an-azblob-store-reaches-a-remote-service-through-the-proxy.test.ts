/**
 * As the CLI (Go's proxy rules): requests to a blob service that is not on loopback go
 * through the environment's HTTP_PROXY, those to loopback never do. A real proxy
 * (mitmproxy) forwards `azurite.test`, a name only it knows, to Azurite, which checks the
 * signature of what arrives.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { startAzurite, type Azurite } from "../../../support/azurite";
import { startMitmproxy, type Mitmproxy } from "../../../support/mitmproxy";

let azurite: Azurite;
let proxy: Mitmproxy;
let remote: string;

beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer("state");
  await azurite.putBlob("state", ".pulumi/meta.yaml", "version: 1\n");
  const port = azurite.domain.split(":")[1];
  remote = `azurite.test:${port}`;
  proxy = await startMitmproxy({ mapRemote: [`|//azurite\\.test:${port}/|//127.0.0.1:${port}/`] });
}, 180_000);
afterAll(async () => {
  await proxy?.stop();
  await azurite?.stop();
});

test("a service by a name that is not loopback is listed and read through HTTP_PROXY", async () => {
  const store = azblobStore(`azblob://state?domain=${remote}&protocol=http&localemu=true`, {
    ...azurite.env,
    HTTP_PROXY: proxy.url,
  });
  expect(await store.list(".pulumi/")).toEqual([".pulumi/meta.yaml"]);
  expect((await store.read(".pulumi/meta.yaml"))?.toString()).toBe("version: 1\n");
  // The proxy logs what it sent on, after the rewrite; nothing else could resolve the name.
  expect(proxy.forwarded(`http://${azurite.domain}/devstoreaccount1/state`, "comp=list"), proxy.log()).toBe(true);
});

test("a loopback service is reached directly, HTTP_PROXY or not", async () => {
  const before = proxy.log().length;
  const store = azblobStore(`azblob://state?domain=${azurite.domain}&protocol=http`, {
    ...azurite.env,
    HTTP_PROXY: proxy.url,
  });
  expect(await store.list(".pulumi/")).toEqual([".pulumi/meta.yaml"]);
  expect(proxy.log().slice(before)).not.toContain("/devstoreaccount1/state");
});
