/**
 * The S3 store's requests go where the CLI's Go client sends them: through HTTP_PROXY (a CONNECT
 * tunnel) to a host only the proxy can reach, and never through a proxy to a loopback
 * endpoint; a proxy that is down is named. Real S3-compatible server and a tunnelling proxy,
 * both on loopback.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { closedPort } from "../../../support/closed-port";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer;
let proxy: Server;
let proxyUrl: string;
/** The `host:port` of every tunnel the proxy was asked for. */
const tunnels: string[] = [];
/** A host name nothing resolves: only the proxy, which sends every tunnel to the S3 server, reaches it. */
const HIDDEN = "s3.behind-the-proxy.test";

beforeAll(async () => {
  s3 = await startS3TestServer();
  await s3.put(".pulumi/stacks/app/prod.json", "{}");
  const s3Port = Number(new URL(s3.endpoint).port);
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, client) => {
    tunnels.push(req.url ?? "");
    const upstream = connect(s3Port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s3?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

test("a host only the proxy reaches is listed and read through HTTP_PROXY's tunnel", async () => {
  const port = new URL(s3.endpoint).port;
  const url = `s3://state?endpoint=http://${HIDDEN}:${port}&s3ForcePathStyle=true&region=us-east-1`;
  const store = openBackendStore(url, { ...s3.awsEnv(), HTTP_PROXY: proxyUrl })!;
  tunnels.length = 0;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
  expect(tunnels.length).toBeGreaterThan(0);
  expect(new Set(tunnels)).toEqual(new Set([`${HIDDEN}:${port}`]));
});

test("a loopback endpoint goes directly, as Go's client sends it: a proxy that is down changes nothing", async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  tunnels.length = 0;
  const direct = openBackendStore(s3.backendUrl(), { ...s3.awsEnv(), HTTP_PROXY: down, HTTPS_PROXY: down })!;
  expect(await direct.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(tunnels).toEqual([]);
});

test("a proxy that is down is named, with how to go around it", async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  const url = `s3://state?endpoint=http://${HIDDEN}:9&s3ForcePathStyle=true&region=us-east-1`;
  const err = await openBackendStore(url, { ...s3.awsEnv(), HTTP_PROXY: down })!
    .list(".pulumi/")
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect((err as BackendStoreError).reason).toContain(
    `cannot list .pulumi/: could not connect to the proxy ${down} (from HTTP_PROXY)`,
  );
});
