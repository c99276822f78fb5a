/**
 * `pulumi-uptime test` through a standard company proxy: Debian's Squid in its default
 * configuration (test/support/squid.ts), which allows CONNECT only to its SSL ports and
 * refuses it to any other port. An http:// check is sent to the proxy as an absolute-form
 * request (`GET http://host/path`), as curl and Go send it, so it passes, and the proxy's
 * log shows that GET and no CONNECT; an https:// check still goes through a CONNECT tunnel
 * (here to a port the proxy lists among its SSL ports), its TLS made with the target itself.
 * A proxy that asks an http:// check for a user and password (407) is the check's reason,
 * and the proxy URL's credentials go to it as Proxy-Authorization.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { listenOnLoopback } from "../support/loopback-http";
import { startSquid, type Squid } from "../support/squid";
import { startTarget, type Target } from "../support/targets";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { byName, NO_NETWORK_VARS, runTestCommand, scratch } from "./helpers";

let pki: TestPki;
let plain: Target, secure: Target;
let squid: Squid;
const dir = scratch();

beforeAll(async () => {
  pki = makeTestPki();
  [plain, secure] = await Promise.all([
    startTarget(),
    startTarget({ tls: { cert: pki.loopback.cert, key: pki.loopback.key } }),
  ]);
  squid = await startSquid({ sslPorts: [secure.port] });
}, 660_000);
afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), squid?.stop()]);
  pki?.dispose();
  dir.dispose();
});

const file = (url: string, name = "m") => dir.monitors({ [name]: { name, url, interval: 60 } }, `${name}.yaml`);

test("an http:// check passes Squid's default rules as an absolute-form GET, without CONNECT", async () => {
  // Squid logs URLs without their query: the path is the marker.
  const r = await runTestCommand(["--file", file(`${plain.url}/plain-via-squid`), "--json"], dir.dir, {
    ...NO_NETWORK_VARS,
    HTTP_PROXY: squid.url,
  });
  expect(byName(r.stdout).m).toMatchObject({ outcome: "pass" });
  expect(plain.requests.at(-1)?.url).toBe("/plain-via-squid");
  expect(squid.requests(`127.0.0.1:${plain.port}`)).toEqual([`GET ${plain.url}/plain-via-squid 200`]);
});

test("an https:// check still tunnels through Squid with CONNECT, its TLS made with the target", async () => {
  const r = await runTestCommand(
    ["--file", file(`${secure.url}/tls-via-squid`), "--json", "--ca", pki.caFile],
    dir.dir,
    { ...NO_NETWORK_VARS, HTTPS_PROXY: squid.url },
  );
  expect(byName(r.stdout).m).toMatchObject({ outcome: "pass" });
  expect(secure.requests.at(-1)?.url).toBe("/tls-via-squid");
  expect(squid.requests(`127.0.0.1:${secure.port}`)).toEqual([`CONNECT 127.0.0.1:${secure.port} 200`]);
});

test("a 407 from the proxy is an http:// check's reason; the proxy URL's user goes in Proxy-Authorization", async () => {
  const seen: { url?: string; auth?: string }[] = [];
  const guarded = await listenOnLoopback((req, res) => {
    seen.push({ url: req.url, auth: req.headers["proxy-authorization"] });
    res.writeHead(407, { "proxy-authenticate": 'Basic realm="corp"' }).end();
  });
  try {
    const r = await runTestCommand(["--file", file(`${plain.url}/asked`), "--json"], dir.dir, {
      ...NO_NETWORK_VARS,
      HTTP_PROXY: guarded.url.replace("http://", "http://alice:wr0ng@"),
    });
    expect(byName(r.stdout).m).toMatchObject({
      outcome: "alert",
      reason: `the proxy ${guarded.url} (from HTTP_PROXY) refused the request: 407`,
    });
    expect(r.stdout).not.toContain("wr0ng");
    expect(seen).toEqual([
      { url: `${plain.url}/asked`, auth: `Basic ${Buffer.from("alice:wr0ng").toString("base64")}` },
    ]);
  } finally {
    await guarded.close();
  }
});
