/**
 * The S3 store's requests go where the CLI's Go client sends them: to an http:// endpoint
 * only the proxy can reach, through HTTP_PROXY as absolute-form requests
 * (`GET http://host:port/...`, as Go sends them; no CONNECT tunnel), and never through a
 * proxy to a loopback endpoint; a proxy that is down is named. Real S3-compatible server and
 * a forwarding proxy, both on loopback.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { closedPort } from "../../../support/closed-port";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer;
let proxy: Server;
let proxyUrl: string;
/** The request target of every request the proxy was sent (`GET http://host:port/...`; `CONNECT host:port`). */
const forwarded: string[] = [];
/** A host name nothing resolves: only the proxy, which sends every request to the S3 server, reaches it. */
const HIDDEN = "s3.behind-the-proxy.test";

beforeAll(async () => {
  s3 = await startS3TestServer();
  await s3.put(".pulumi/stacks/app/prod.json", "{}");
  const s3Port = Number(new URL(s3.endpoint).port);
  // Forwards every absolute-form request to the S3 server, whatever its host; refuses tunnels.
  proxy = createServer((req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? "/");
    const upstream = request(
      {
        host: "127.0.0.1",
        port: s3Port,
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on("connect", (req, client) => {
    forwarded.push(`CONNECT ${req.url}`);
    client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s3?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

test("a host only the proxy reaches is listed and read through HTTP_PROXY, in absolute form", async () => {
  const port = new URL(s3.endpoint).port;
  const url = `s3://state?endpoint=http://${HIDDEN}:${port}&s3ForcePathStyle=true&region=us-east-1`;
  const store = openBackendStore(url, { ...s3.awsEnv(), HTTP_PROXY: proxyUrl })!;
  forwarded.length = 0;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
  expect(forwarded.length).toBeGreaterThan(0);
  for (const line of forwarded) expect(line).toMatch(new RegExp(`^(GET|HEAD) http://${HIDDEN}:${port}/state`));
});

test("a loopback endpoint goes directly, as Go's client sends it: a proxy that is down changes nothing", async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  forwarded.length = 0;
  const direct = openBackendStore(s3.backendUrl(), { ...s3.awsEnv(), HTTP_PROXY: down, HTTPS_PROXY: down })!;
  expect(await direct.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(forwarded).toEqual([]);
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
