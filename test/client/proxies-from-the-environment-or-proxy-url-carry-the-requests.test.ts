/**
 * Requests go through a real proxy (mitmproxy, test/support/mitmproxy.ts) when HTTP_PROXY /
 * HTTPS_PROXY (either case) or proxyUrl say so, and show up in its log; NO_PROXY hosts are
 * reached directly; proxyUrl wins over the environment. A TLS-inspecting proxy works once
 * its CA is given. A proxy that asks for a password or is not there fails with a message
 * that names it (never its credentials) and what to check.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../support/eventually";
import { UptimeClient, type UptimeClientOptions } from "../../src/client";
import { UptimeConfigError, UptimeNetworkError } from "../../src/client/errors";
import { resolveOptions } from "../../src/client/client-options";
import { closedPort } from "../support/closed-port";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

const PROXY_VARS = ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"];

let pki: TestPki;
let plain: UptimeServer;
let secure: UptimeServer;
let proxy: Mitmproxy;
let guarded: Mitmproxy;

function client(baseUrl: string, extra: UptimeClientOptions = {}): UptimeClient {
  return new UptimeClient({ baseUrl, apiKey: DEFAULT_API_KEY, retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...extra });
}

/** Lists monitors searching for `marker`, which then names the request in a proxy's log. */
async function listVia(c: UptimeClient, marker: string): Promise<void> {
  try {
    await c.monitors.list({ per_page: 10, search: marker });
  } finally {
    await c.close();
  }
}

/** Waits until `via` has logged the list request that searched `service` for `marker`. */
async function loggedBy(via: Mitmproxy, service: UptimeServer, marker: string): Promise<void> {
  await eventually(
    "the proxy logs the request",
    () => via.forwarded(`${service.url}/api/v1/monitors?`, `search=${marker}`),
    10_000,
  );
}

async function failure(c: UptimeClient): Promise<UptimeNetworkError> {
  try {
    await listVia(c, "failing");
  } catch (err) {
    return err as UptimeNetworkError;
  }
  throw new Error("the request succeeded");
}

beforeAll(async () => {
  pki = makeTestPki();
  [plain, secure, proxy, guarded] = await Promise.all([
    startTestServer({ port: 0 }),
    startTestServer({ port: 0, tls: { cert: pki.loopback.cert, key: pki.loopback.key } }),
    // Inspects TLS, trusting the local server's CA upstream.
    startMitmproxy({ upstreamCa: pki.caFile }),
    startMitmproxy({ auth: "proxyuser:s3cret-Pa55" }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), proxy?.stop(), guarded?.stop()]);
  pki?.dispose();
});

beforeEach(() => {
  for (const name of PROXY_VARS) vi.stubEnv(name, "");
  vi.stubEnv("SSL_CERT_FILE", "");
});
afterEach(() => vi.unstubAllEnvs());

describe("the environment's proxy variables", () => {
  it.each(["HTTP_PROXY", "http_proxy"])("%s carries requests to an http service", async (name) => {
    vi.stubEnv(name, proxy.url);
    await listVia(client(plain.url), `env-${name}`);
    await loggedBy(proxy, plain, `env-${name}`);
  });

  it.each(["HTTPS_PROXY", "https_proxy"])(
    "%s carries requests to an https service through a TLS-inspecting proxy whose CA is given",
    async (name) => {
      vi.stubEnv(name, proxy.url);
      await listVia(client(secure.url, { caCertificates: proxy.caFile }), `env-${name}`);
      await loggedBy(proxy, secure, `env-${name}`);
    },
  );

  it("without the inspecting proxy's CA, the https request fails naming the proxy and the CA setting", async () => {
    vi.stubEnv("HTTPS_PROXY", proxy.url);
    const err = await failure(client(secure.url, { caCertificates: pki.caFile }));
    expect(err.via).toBe("tls");
    expect(err.message).toContain(
      `the TLS certificate of ${secure.url} is not accepted (through the proxy ${proxy.url} from HTTPS_PROXY)`,
    );
    expect(err.message).toContain("If the proxy inspects TLS, give its CA certificate");
  });

  it.each(["NO_PROXY", "no_proxy"])("%s names hosts reached directly", async (name) => {
    vi.stubEnv("HTTP_PROXY", proxy.url);
    vi.stubEnv(name, "example.org, 127.0.0.1");
    await listVia(client(plain.url), `bypass-${name}`);
    expect(proxy.log()).not.toContain(`bypass-${name}`);
  });

  it("a variable without a scheme (host:port) names an http:// proxy, as curl and Go read it", async () => {
    const hostPort = proxy.url.replace("http://", "");
    vi.stubEnv("HTTP_PROXY", hostPort);
    await listVia(client(plain.url), "no-scheme-http");
    await loggedBy(proxy, plain, "no-scheme-http");
    vi.stubEnv("HTTPS_PROXY", hostPort);
    await listVia(client(secure.url, { caCertificates: proxy.caFile }), "no-scheme-https");
    await loggedBy(proxy, secure, "no-scheme-https");
  });

  it("NO_PROXY with a CIDR range reaches a service addressed by IP directly", async () => {
    vi.stubEnv("HTTP_PROXY", proxy.url);
    vi.stubEnv("NO_PROXY", "10.0.0.0/8,127.0.0.0/8");
    await listVia(client(plain.url), "bypass-cidr");
    expect(proxy.log()).not.toContain("bypass-cidr");
  });
});

describe("proxyUrl", () => {
  it("wins over HTTP_PROXY", async () => {
    vi.stubEnv("HTTP_PROXY", `http://127.0.0.1:${await closedPort()}`);
    await listVia(client(plain.url, { proxyUrl: proxy.url }), "override");
    await loggedBy(proxy, plain, "override");
  });

  it("comes from UPTIME_PROXY_URL too, and carries a proxy's user and password", async () => {
    vi.stubEnv("UPTIME_PROXY_URL", guarded.url.replace("http://", "http://proxyuser:s3cret-Pa55@"));
    await listVia(client(plain.url), "with-auth");
    await loggedBy(guarded, plain, "with-auth");
  });

  it("to a proxy that asks for a password fails at once with 407, naming the proxy but not the password", async () => {
    const wrong = guarded.url.replace("http://", "http://proxyuser:wr0ng-Pa55@");
    const err = await failure(client(plain.url, { proxyUrl: wrong }));
    expect(err.via).toBe("proxy");
    expect(err.message).toBe(
      `GET /api/v1/monitors: no response: the proxy ${guarded.url} (from option proxyUrl (env UPTIME_PROXY_URL)) refused to connect to ${plain.url}: 407 Proxy Authentication Required. ` +
        "Check the user and password in option proxyUrl (env UPTIME_PROXY_URL) (http://user:password@host:port; characters such as @ : / written percent-encoded), or list the host in NO_PROXY to reach it directly.",
    );
    expect(JSON.stringify({ m: err.message, c: String(err.cause) })).not.toContain("wr0ng");
  });

  it("to nothing listening fails naming the proxy and what to check", async () => {
    const port = await closedPort();
    const err = await failure(
      client(plain.url, { proxyUrl: `http://u:pw-secret@127.0.0.1:${port}`, retry: { maxAttempts: 2 } }),
    );
    expect(err.message).toContain(
      `could not connect to the proxy http://127.0.0.1:${port} (from option proxyUrl (env UPTIME_PROXY_URL)): nothing is listening there (ECONNREFUSED). Check that the proxy runs there`,
    );
    expect(err.message).not.toContain("pw-secret");
  });

  it("that is not http(s)://host:port fails at construction, without repeating it", () => {
    for (const bad of ["proxy.corp:3128", "socks5://u:pw-secret@proxy:1080", "http://u:pw-secret@proxy:3128/path"]) {
      let err: unknown;
      try {
        client(plain.url, { proxyUrl: bad });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UptimeConfigError);
      expect((err as Error).message).toMatch(
        /^option proxyUrl \(env UPTIME_PROXY_URL\) must .*; write it as http:\/\/host:port/,
      );
      expect((err as Error).message).not.toContain("pw-secret");
    }
    vi.stubEnv("HTTPS_PROXY", "socks5://proxy.corp:1080");
    expect(() => client(secure.url)).toThrow(/^HTTPS_PROXY must start with http:\/\/ or https:\/\//);
  });
});

describe("when nothing is configured", () => {
  it("there is no proxy and no CA list: the plain shared agent, no file read", () => {
    const o = resolveOptions({ baseUrl: plain.url, apiKey: "k" }, { NODE_EXTRA_CA_CERTS: "/nowhere.pem" });
    expect(o.route.proxy).toBeUndefined();
    expect(o.route.ca).toBeUndefined();
  });
});
