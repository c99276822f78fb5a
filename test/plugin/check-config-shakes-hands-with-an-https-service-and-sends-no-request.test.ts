/**
 * The plugin's preview sends the service nothing, so an untrusted certificate would pass it
 * and fail the first `up`. CheckConfig therefore shakes hands once with an https service,
 * trusting what the client trusts, and closes the connection before any HTTP: a certificate
 * that is not accepted (an unknown CA, expired, for another host) fails it with the client's
 * own explanation (the URL, the reason, the setting that fixes it); the CA given in
 * `caCertificates` passes; a service that nothing answers for does not fail it (preview works
 * offline); and the service receives no request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { UptimeClient } from "../../src/client";
import { parseCli } from "../../src/server/cli-args";
import { PluginUnderTest, struct } from "./helpers";
import { closedPort } from "../support/closed-port";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { handshakeOnlyServers } from "../support/handshake-only-https";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let pki: TestPki;
let server: UptimeServer;
let plugin: PluginUnderTest;
/** Servers that only shake hands with one certificate each: the handshake is what is tested. */
const handshakeOnly = handshakeOnlyServers();
const bareHttps = handshakeOnly.start;

beforeAll(async () => {
  pki = makeTestPki();
  const cmd = parseCli(["--port", "0", "--tls-cert", pki.loopback.certFile, "--tls-key", pki.loopback.keyFile], {});
  if (cmd.kind !== "run") throw new Error(JSON.stringify(cmd));
  [server, plugin] = await Promise.all([startTestServer({ ...cmd.options, checks: false }), PluginUnderTest.start()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([plugin?.close(), server?.close()]);
  handshakeOnly.closeAll();
  pki?.dispose();
});

/** CheckConfig's failure reasons for the provider's inputs. */
async function checkConfig(inputs: Record<string, unknown>): Promise<string[]> {
  const res = await plugin.call<proto.CheckRequest, proto.CheckResponse>(
    "checkConfig",
    new proto.CheckRequest()
      .setUrn("urn:pulumi:test::p::pulumi:providers:uptime::default")
      .setNews(struct({ apiKey: DEFAULT_API_KEY, ...inputs })),
  );
  return res.getFailuresList().map((f) => f.getReason());
}

/** What the client says after `no response:` when a request to `baseUrl` fails, named as the plugin names its settings. */
async function clientSays(baseUrl: string, caCertificates?: string): Promise<string> {
  const c = new UptimeClient({
    baseUrl,
    apiKey: DEFAULT_API_KEY,
    caCertificates,
    settingNames: { baseUrl: "uptime:baseUrl", caCertificates: "uptime:caCertificates" },
  });
  try {
    await c.status();
  } catch (err) {
    return (err as Error).message.replace(/^.*?: no response: /, "");
  } finally {
    await c.close();
  }
  throw new Error("the request succeeded");
}

const tlsTarget = (url: string) => `TLS ${new URL(url).host}: no response: `;

describe("CheckConfig with an https service", () => {
  it("fails on a CA that was not given, naming the URL, the reason and uptime:caCertificates", async () => {
    const reasons = await checkConfig({ baseUrl: server.url });
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(`the TLS certificate of ${server.url} is not accepted`);
    expect(reasons[0]).toContain("it is issued by a CA that is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)");
    expect(reasons[0]).toContain("Add the CA that issued it with uptime:caCertificates");
    // The client's own words, as `up` would show them at its first request.
    const said = await clientSays(server.url);
    expect(reasons[0]).toBe(tlsTarget(server.url) + said);
  });

  it("passes with the CA in caCertificates, and the service receives no request", async () => {
    expect(await checkConfig({ baseUrl: server.url, caCertificates: pki.caFile })).toEqual([]);
    expect(await checkConfig({ baseUrl: server.url, caCertificates: pki.caPem })).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("tells an expired certificate and one for another host apart", async () => {
    const expired = await bareHttps(pki.expired);
    const otherHost = await bareHttps(pki.otherHost);
    const [e] = await checkConfig({ baseUrl: expired, caCertificates: pki.caFile });
    expect(e).toBe(`${tlsTarget(expired)}${await clientSays(expired, pki.caFile)}`);
    expect(e).toContain("it has expired (CERT_HAS_EXPIRED)");
    const [o] = await checkConfig({ baseUrl: otherHost, caCertificates: pki.caFile });
    expect(o).toContain(`the TLS certificate of ${otherHost} is not accepted: it is for another host name`);
    expect(o).toContain("other.invalid");
    expect(o).toContain("Set uptime:baseUrl to a host name the certificate lists");
  });

  it("does not fail when nothing listens at the service's address", async () => {
    expect(await checkConfig({ baseUrl: `https://127.0.0.1:${await closedPort()}` })).toEqual([]);
  });
});
