/**
 * As the CLI (Go's proxy rules): requests to Cloud Storage and to the token endpoint go
 * through the environment's HTTP_PROXY when their host is not loopback, and directly when
 * it is. A real proxy (mitmproxy) forwards `gcs.test` and `tokens.test`, names only it
 * knows, to the storage servers and the token endpoint, which check what arrives.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { startTokenEndpoint, type TokenEndpoint } from "../../../support/google-token-endpoint";
import { startMitmproxy, type Mitmproxy } from "../../../support/mitmproxy";

const ACCESS_TOKEN = "ya29.proxied-token";
/** An emulator (no credentials), and a server that answers only the token. */
let open: GcsTestServer;
let guarded: GcsTestServer;
let endpoint: TokenEndpoint;
let proxy: Mitmproxy;
const port = (hostPort: string) => hostPort.split(":").pop()!;

beforeAll(async () => {
  open = await startGcsTestServer({ buckets: ["state"] });
  await open.put("state", ".pulumi/stacks/app/dev.json", "{}");
  guarded = await startGcsTestServer({ buckets: ["state"], token: ACCESS_TOKEN });
  await guarded.put("state", ".pulumi/stacks/app/prod.json", "{}", ACCESS_TOKEN);
  endpoint = await startTokenEndpoint(ACCESS_TOKEN);
  const map = (name: string, p: string) => `|//${name.replace(".", "\\.")}:${p}/|//127.0.0.1:${p}/`;
  proxy = await startMitmproxy({
    mapRemote: [
      map("gcs.test", port(open.host)),
      map("gcs.test", port(guarded.host)),
      map("tokens.test", port(new URL(endpoint.url).host)),
    ],
  });
}, 600_000);
afterAll(async () => {
  await proxy?.stop();
  await endpoint?.close();
  await guarded?.stop();
  await open?.stop();
});

test("an emulator host that is not loopback is listed through HTTP_PROXY", async () => {
  const p = port(open.host);
  const store = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: `gcs.test:${p}`, HTTP_PROXY: proxy.url });
  expect(await store.list(".pulumi/")).toEqual([".pulumi/stacks/app/dev.json"]);
  // The proxy logs what it sent on, after the rewrite; nothing else could resolve the name.
  expect(proxy.forwarded(`http://127.0.0.1:${p}/storage/v1/b/state/o`, "prefix=.pulumi"), proxy.log()).toBe(true);
});

test("a key's token exchange and the listing both go through HTTP_PROXY", async () => {
  const tokenUri = `http://tokens.test:${port(new URL(endpoint.url).host)}/token`;
  endpoint.alsoAt.push(tokenUri);
  const key = JSON.stringify({ ...JSON.parse(endpoint.serviceAccountJson), token_uri: tokenUri });
  const p = port(guarded.host);
  const store = gcsStore("gs://state", { GOOGLE_CREDENTIALS: key, HTTP_PROXY: proxy.url }, `http://gcs.test:${p}`);
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(endpoint.grants.at(-1)).toMatchObject({ granted: true, claims: { aud: tokenUri } });
  expect(proxy.log()).toContain(`POST http://127.0.0.1:${port(new URL(endpoint.url).host)}/token`);
  expect(proxy.forwarded(`http://127.0.0.1:${p}/storage/v1/b/state/o`, "prefix=.pulumi%2Fstacks"), proxy.log()).toBe(
    true,
  );
});

test("a loopback emulator is reached directly, HTTP_PROXY or not", async () => {
  const before = proxy.log().length;
  const store = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: open.host, HTTP_PROXY: proxy.url });
  expect(await store.list(".pulumi/")).toEqual([".pulumi/stacks/app/dev.json"]);
  expect(proxy.log().slice(before)).not.toContain("/storage/v1/b/state/o");
});
