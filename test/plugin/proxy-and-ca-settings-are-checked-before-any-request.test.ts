/**
 * `proxyUrl` and `caCertificates` through both doors: an explicit provider's inputs, the
 * stack config and the environment reach the client; a proxy URL that is not
 * http(s)://host:port, or CAs that are neither PEM nor a readable file, fail CheckConfig
 * (plugin) and the settings check (dynamic provider) naming the setting and what is
 * allowed, before any request, and never repeating the proxy's password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { providerConfigFailures, PluginConnection, settingsFrom } from "../../src/plugin/plugin-settings";
import { resolveSettings, settingsProblems } from "../../src/runtime/config";
import { makeTestPki, type TestPki } from "../support/test-pki";

const base = { baseUrl: "https://x.example.com", apiKey: "k" };
let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki();
});
afterAll(() => pki?.dispose());
afterEach(() => vi.unstubAllEnvs());

describe("proxy and CA settings", () => {
  it("reach the instance's client from inputs or the stack config", async () => {
    const c = new PluginConnection(
      settingsFrom({ ...base, proxyUrl: "http://u:pw@127.0.0.1:3128", caCertificates: pki.caPem }, {}, {}),
    );
    const d = new PluginConnection(settingsFrom({}, {}, { ...base, caCertificates: pki.caFile }));
    try {
      expect(c.client().baseUrl).toBe("https://x.example.com");
      expect(d.client().baseUrl).toBe("https://x.example.com");
    } finally {
      await c.close();
      await d.close();
    }
  });

  it("CheckConfig names a bad input and what is allowed, without the password", () => {
    const failures = providerConfigFailures(
      { ...base, proxyUrl: "proxy.corp:3128", caCertificates: "/nowhere/ca.pem" },
      {},
    );
    expect(failures).toEqual([
      {
        property: "proxyUrl",
        reason:
          "proxyUrl: must start with http:// or https://; write it as http://host:port or https://host:port (with user:password@ before the host if the proxy asks for them)",
      },
      {
        property: "caCertificates",
        reason:
          'caCertificates: is neither PEM text nor a readable file: "/nowhere/ca.pem" (ENOENT); give PEM text (-----BEGIN CERTIFICATE----- ...) or the path of a readable PEM file',
      },
    ]);
    const secret = providerConfigFailures({ ...base, proxyUrl: "socks5://u:pw-secret@proxy:1080" }, {});
    expect(secret).toHaveLength(1);
    expect(JSON.stringify(secret)).not.toContain("pw-secret");
    expect(
      providerConfigFailures({ ...base, proxyUrl: "https://u:pw@proxy.corp:3128", caCertificates: pki.caFile }, {}),
    ).toEqual([]);
  });

  it("a bad value from the stack config or the environment is named as set there", () => {
    expect(providerConfigFailures(base, { caCertificates: pki.loopback.keyFile })).toEqual([
      {
        property: "",
        reason: `uptime:caCertificates names a file with no PEM certificate in it: ${JSON.stringify(pki.loopback.keyFile)}; give PEM text (-----BEGIN CERTIFICATE----- ...) or the path of a readable PEM file.`,
      },
    ]);
    vi.stubEnv("UPTIME_PROXY_URL", "http://u:pw-secret@proxy.corp:3128/path");
    const problems = settingsProblems(resolveSettings(base));
    expect(problems).toEqual([
      "UPTIME_PROXY_URL must have no path, query or fragment; write it as http://host:port or https://host:port (with user:password@ before the host if the proxy asks for them).",
    ]);
    expect(providerConfigFailures(base, {}).map((f) => f.reason)).toEqual(problems);
  });
});
