/**
 * The plugin's preview sends the service nothing, so a proxy that refuses would pass it and
 * fail the first `up`. CheckConfig therefore opens one tunnel through the proxy in effect
 * (`proxyUrl`, or HTTP(S)_PROXY not bypassed by NO_PROXY) to the service and closes it: a
 * refusal (407 from a real proxy, mitmproxy) or nothing listening fails it with the client's
 * error, naming the proxy and what to check, never the password; a proxy that lets the
 * tunnel through passes, and the service receives no request either way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { PluginUnderTest, struct } from "./helpers";
import { closedPort } from "../support/closed-port";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { startTestServer, DEFAULT_API_KEY, type UptimeServer } from "../support/server";

const PASSWORD = "tunnel-Pa55-word";
let server: UptimeServer;
let proxy: Mitmproxy;
let plugin: PluginUnderTest;

beforeAll(async () => {
  [server, proxy, plugin] = await Promise.all([
    startTestServer(),
    startMitmproxy({ auth: `proxyuser:${PASSWORD}` }),
    PluginUnderTest.start(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plugin?.close(), proxy?.stop(), server?.close()]);
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
const target = () => new URL(server.url).host;

describe("CheckConfig behind a proxy", () => {
  it("fails on a proxy that answers 407, naming it and uptime:proxyUrl, not the password", async () => {
    const reasons = await checkConfig({ proxyUrl: withUser("proxyuser:wrong-Pa55") });
    expect(reasons).toEqual([
      `CONNECT ${target()}: no response: the proxy ${proxy.url} (from uptime:proxyUrl) refused to connect to ${server.url}: 407 Proxy Authentication Required. Check the user and password in uptime:proxyUrl (http://user:password@host:port; characters such as @ : / written percent-encoded), or list the host in NO_PROXY to reach it directly.`,
    ]);
    expect(proxy.log()).not.toContain("server connect");
    expect(server.requests).toHaveLength(0);
  });

  it("fails on a proxy with nothing listening, named as HTTP_PROXY when it came from there", async () => {
    const port = await closedPort();
    vi.stubEnv("HTTP_PROXY", `http://proxyuser:${PASSWORD}@127.0.0.1:${port}`);
    const reasons = await checkConfig({});
    expect(reasons).toEqual([
      `CONNECT ${target()}: no response: could not connect to the proxy http://127.0.0.1:${port} (from HTTP_PROXY): nothing is listening there (ECONNREFUSED). Check that the proxy runs there and that HTTP_PROXY names it, or list 127.0.0.1 in NO_PROXY to reach the service directly.`,
    ]);
    expect(reasons.join()).not.toContain(PASSWORD);
  });

  it("tries no tunnel when NO_PROXY lists the service's host", async () => {
    vi.stubEnv("HTTP_PROXY", `http://127.0.0.1:${await closedPort()}`);
    vi.stubEnv("NO_PROXY", "localhost,127.0.0.1");
    expect(await checkConfig({})).toEqual([]);
  });

  it("passes through a proxy that lets the tunnel through, and the service receives no request", async () => {
    expect(await checkConfig({ proxyUrl: withUser(`proxyuser:${PASSWORD}`) })).toEqual([]);
    // The proxy connected through to the service (mitmproxy logs each tunnel's far end).
    expect(proxy.log()).toContain(`server connect ${target()}`);
    expect(server.requests).toHaveLength(0);
  });
});
