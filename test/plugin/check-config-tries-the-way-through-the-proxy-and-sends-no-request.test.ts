/**
 * The plugin's preview sends the service nothing, so a proxy that refuses would pass it and
 * fail the first `up`. CheckConfig therefore tries the way through the proxy in effect
 * (`proxyUrl`, or HTTP(S)_PROXY not bypassed by NO_PROXY) and closes it before any request:
 * for an https service, one CONNECT tunnel to the service (then the TLS handshake); a
 * refusal (407 from a real proxy, mitmproxy) fails it with the client's error, naming the
 * proxy and what to check, never the password, and a proxy that lets the tunnel through
 * (Squid, to a port among its SSL ports) passes. An http service's requests go to the proxy
 * in absolute form, never through a tunnel: for it, only a connection to the proxy is tried,
 * so Squid's default rules (no CONNECT but to port 443) pass it, and nothing listening fails
 * it. The service receives no request either way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { parseCli } from "../../src/server/cli-args";
import { PluginUnderTest, struct } from "./helpers";
import { closedPort } from "../support/closed-port";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { startSquid, type Squid } from "../support/squid";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { startTestServer, DEFAULT_API_KEY, type UptimeServer } from "../support/server";

const PASSWORD = "tunnel-Pa55-word";
let pki: TestPki;
let server: UptimeServer;
let secure: UptimeServer;
let proxy: Mitmproxy;
let squid: Squid;
let plugin: PluginUnderTest;

beforeAll(async () => {
  pki = makeTestPki();
  const tls = parseCli(["--port", "0", "--tls-cert", pki.loopback.certFile, "--tls-key", pki.loopback.keyFile], {});
  if (tls.kind !== "run") throw new Error(JSON.stringify(tls));
  [server, secure, proxy, plugin] = await Promise.all([
    startTestServer(),
    startTestServer({ ...tls.options, checks: false }),
    startMitmproxy({ auth: `proxyuser:${PASSWORD}` }),
    PluginUnderTest.start(),
  ]);
  squid = await startSquid({ sslPorts: [Number(new URL(secure.url).port)] });
}, 660_000);
afterAll(async () => {
  await Promise.all([plugin?.close(), proxy?.stop(), squid?.stop(), server?.close(), secure?.close()]);
  pki?.dispose();
});
afterEach(() => vi.unstubAllEnvs());

/** CheckConfig's failure reasons for the provider's inputs. */
async function checkConfig(inputs: Record<string, unknown>): Promise<string[]> {
  const res = await plugin.call<proto.CheckRequest, proto.CheckResponse>(
    "checkConfig",
    new proto.CheckRequest()
      .setUrn("urn:pulumi:test::p::pulumi:providers:uptime::default")
      .setNews(struct({ baseUrl: server.url, apiKey: DEFAULT_API_KEY, ...inputs })),
  );
  return res.getFailuresList().map((f) => f.getReason());
}

const withUser = (user: string) => proxy.url.replace("http://", `http://${user}@`);
const hostOf = (url: string) => new URL(url).host;

describe("CheckConfig behind a proxy", () => {
  it("fails for an https service on a proxy that answers CONNECT with 407, naming it and uptime:proxyUrl, not the password", async () => {
    const reasons = await checkConfig({ baseUrl: secure.url, proxyUrl: withUser("proxyuser:wrong-Pa55") });
    expect(reasons).toEqual([
      `CONNECT ${hostOf(secure.url)}: no response: the proxy ${proxy.url} (from uptime:proxyUrl) refused to connect to ${secure.url}: 407 Proxy Authentication Required. Check the user and password in uptime:proxyUrl (http://user:password@host:port; characters such as @ : / written percent-encoded), or list the host in NO_PROXY to reach it directly.`,
    ]);
    expect(proxy.log()).not.toContain("server connect");
    expect(secure.requests).toHaveLength(0);
  });

  it("passes for an https service through a proxy that lets the tunnel through", async () => {
    expect(await checkConfig({ baseUrl: secure.url, proxyUrl: squid.url, caCertificates: pki.caFile })).toEqual([]);
    expect(squid.requests(hostOf(secure.url))).toEqual([`CONNECT ${hostOf(secure.url)} 200`]);
    expect(secure.requests).toHaveLength(0);
  });

  it("passes for an http service through Squid's default rules, with no CONNECT and no request", async () => {
    expect(await checkConfig({ proxyUrl: squid.url })).toEqual([]);
    expect(squid.requests(hostOf(server.url))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("fails for an http service on a proxy with nothing listening, named as HTTP_PROXY when it came from there", async () => {
    const port = await closedPort();
    vi.stubEnv("HTTP_PROXY", `http://proxyuser:${PASSWORD}@127.0.0.1:${port}`);
    const reasons = await checkConfig({});
    expect(reasons).toEqual([
      `TCP 127.0.0.1:${port}: no response: could not connect to the proxy http://127.0.0.1:${port} (from HTTP_PROXY): nothing is listening there (ECONNREFUSED). Check that the proxy runs there and that HTTP_PROXY names it, or list 127.0.0.1 in NO_PROXY to reach the service directly.`,
    ]);
    expect(reasons.join()).not.toContain(PASSWORD);
  });

  it("tries nothing when NO_PROXY lists the service's host", async () => {
    vi.stubEnv("HTTP_PROXY", `http://127.0.0.1:${await closedPort()}`);
    vi.stubEnv("NO_PROXY", "localhost,127.0.0.1");
    expect(await checkConfig({})).toEqual([]);
  });
});
