/**
 * A YAML program through the standalone plugin executable (the Node SEA users install) under
 * the real engine, against the local server on HTTPS with the test's own CA, behind a real
 * TLS-inspecting proxy (mitmproxy): with HTTPS_PROXY and the proxy's CA in
 * uptime:caCertificates, `preview` and `up` work and the requests show in the proxy's log;
 * SSL_CERT_FILE and NODE_EXTRA_CA_CERTS do as well. Without the CA, behind a proxy that asks
 * for a password, or with nothing listening, `preview` fails with a message naming the URL
 * or the proxy (never its password) and the setting to fix. A YAML program that calls no
 * function (so its preview sends the service nothing) fails preview the same way, from the
 * plugin's CheckConfig tunnel and TLS handshake. A Node.js program with the dynamic provider previews through
 * the same proxy, and fails its settings check behind a proxy that refuses.
 */
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { E2EStack, REPO, failed, ok, summary } from "./harness";
import { UptimeClient } from "../../src/client";
import { hostPlatform } from "./release-fixtures";
import { closedPort } from "../support/closed-port";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { startTestServer, type UptimeServer } from "../support/server";

const API_KEY = "e2e-proxy-apikey-0123456789";
const PASSWORD = "s3cret-proxy-Pa55";

/** The names of the service's monitors, read directly (trusting the test's CA). */
async function monitorNames(url: string, caPem: string): Promise<string[]> {
  const c = new UptimeClient({ baseUrl: url, apiKey: API_KEY, caCertificates: caPem });
  try {
    return (await c.monitors.list({ per_page: 100 })).data.map((m) => m.name);
  } finally {
    await c.close();
  }
}

/** A plugin directory holding only the standalone executable (built by `node scripts/build-standalone.js host`). */
function standalonePluginDir(): string {
  const exe = join(REPO, "dist", "plugin-bin", hostPlatform(), "pulumi-resource-uptime");
  if (!existsSync(exe)) throw new Error(`${exe} is missing: run \`node scripts/build-standalone.js host\``);
  const dir = mkdtempSync(join(tmpdir(), "uptime-sea-"));
  symlinkSync(exe, join(dir, "pulumi-resource-uptime"));
  return dir;
}

/**
 * One monitor behind the proxy; with `lookUp`, also a function call. Functions run at preview,
 * so then every preview asks the service; without, preview sends it nothing (the plugin's
 * checks send no request).
 */
const program = (pluginDir: string, lookUp: boolean) => `name: e2e-yaml-proxy${lookUp ? "" : "-quiet"}
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ${pluginDir}
resources:
  behindProxy:
    type: uptime:index:Monitor
    properties:
      name: e2e behind a proxy
      url: https://proxied.example.com/
      interval: 60
${
  lookUp
    ? `variables:
  lookedUp:
    fn::invoke:
      function: uptime:index:getMonitors
      arguments:
        search: no-such-monitor-marker
outputs:
  lookedUp: \${lookedUp.monitors}
`
    : ""
}`;

/** Preview fails on the guarded proxy's 407, naming it and uptime:proxyUrl, never the wrong password. */
async function previewFailsOn407(stack: E2EStack): Promise<void> {
  await stack.setConfig("uptime:proxyUrl", guarded.url.replace("http://", "http://proxyuser:wrong-Pa55@"), true);
  const r = failed(await stack.preview());
  expect(r.output).toContain(
    `the proxy ${guarded.url} (from uptime:proxyUrl) refused to connect to ${server.url}: 407 Proxy Authentication Required. Check the user and password in uptime:proxyUrl`,
  );
  expect(r.output).not.toContain("wrong-Pa55");
}

/** Preview fails with nothing listening where uptime:proxyUrl points, naming it, never the password. */
async function previewFailsWithNothingListening(stack: E2EStack): Promise<void> {
  const port = await closedPort();
  await stack.setConfig("uptime:proxyUrl", `http://proxyuser:${PASSWORD}@127.0.0.1:${port}`, true);
  const r = failed(await stack.preview());
  expect(r.output).toContain(
    `could not connect to the proxy http://127.0.0.1:${port} (from uptime:proxyUrl): nothing is listening there (ECONNREFUSED). Check that the proxy runs there`,
  );
  expect(r.output).not.toContain(PASSWORD);
}

let pki: TestPki;
let server: UptimeServer;
let inspecting: Mitmproxy;
let guarded: Mitmproxy;

beforeAll(async () => {
  pki = makeTestPki();
  [server, inspecting, guarded] = await Promise.all([
    startTestServer({
      port: 0,
      accounts: [{ apiKey: API_KEY, name: "e2e" }],
      tls: { cert: pki.loopback.cert, key: pki.loopback.key },
    }),
    startMitmproxy({ upstreamCa: pki.caFile }),
    startMitmproxy({ auth: `proxyuser:${PASSWORD}`, upstreamCa: pki.caFile }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([server?.close(), inspecting?.stop(), guarded?.stop()]);
  pki?.dispose();
});

describe("a YAML program behind a proxy, against a service with a private CA", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await E2EStack.create({
      project: "yaml-proxy",
      files: { "Pulumi.yaml": program(standalonePluginDir(), true) },
      server: { url: server.url, apiKey: API_KEY },
      config: { "uptime:maxRetries": "0" },
      env: { HTTPS_PROXY: inspecting.url },
    });
  }, 240_000);

  afterAll(() => stack?.dispose());

  it("without the proxy's CA, preview fails naming the URL, the TLS reason and uptime:caCertificates", async () => {
    const r = failed(await stack.preview());
    expect(r.output).toContain(
      `the TLS certificate of ${server.url} is not accepted (through the proxy ${inspecting.url} from HTTPS_PROXY)`,
    );
    expect(r.output).toContain("it is issued by a CA that is not trusted");
    expect(r.output).toContain("add it with uptime:caCertificates");
  });

  it("with the proxy's CA in uptime:caCertificates, preview and up go through the proxy", async () => {
    await stack.setConfig("uptime:caCertificates", inspecting.caFile);
    ok(await stack.preview());
    await eventually(
      "the proxy logs the request",
      () => inspecting.forwarded(`${server.url}/api/v1/monitors?`, "search=no-such-monitor-marker"),
      10_000,
    );
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 2 });
    expect(inspecting.log()).toContain(`POST ${server.url}/api/v1/monitors`);
    expect(await monitorNames(server.url, pki.caPem)).toEqual(["e2e behind a proxy"]);
  });

  it("the standalone executable honours NODE_EXTRA_CA_CERTS and SSL_CERT_FILE", async () => {
    await stack.run(["config", "rm", "uptime:caCertificates", "--stack", "e2e"]);
    stack.setEnv("NODE_EXTRA_CA_CERTS", inspecting.caFile);
    ok(await stack.preview(["--expect-no-changes"]));
    stack.setEnv("NODE_EXTRA_CA_CERTS", undefined);
    stack.setEnv("SSL_CERT_FILE", inspecting.caFile);
    ok(await stack.preview(["--expect-no-changes"]));
  });

  it("a proxy that asks for a password fails preview with 407, naming the proxy and uptime:proxyUrl, not the password", async () => {
    await previewFailsOn407(stack);
    // With the right password it works, in the guarded proxy's log.
    await stack.setConfig("uptime:proxyUrl", guarded.url.replace("http://", `http://proxyuser:${PASSWORD}@`), true);
    stack.setEnv("SSL_CERT_FILE", guarded.caFile);
    ok(await stack.preview(["--expect-no-changes"]));
    await eventually(
      "the proxy logs the request",
      () => guarded.forwarded(`${server.url}/api/v1/monitors?`, "search=no-such-monitor-marker"),
      10_000,
    );
  });

  it("a proxy with nothing listening fails preview naming it and what to check", async () => {
    await previewFailsWithNothingListening(stack);
  });

  it("destroy leaves the service empty", async () => {
    await stack.run(["config", "rm", "uptime:proxyUrl", "--stack", "e2e"]);
    stack.setEnv("SSL_CERT_FILE", inspecting.caFile);
    ok(await stack.destroy());
    expect(await monitorNames(server.url, pki.caPem)).toEqual([]);
  });
});

describe("a YAML program whose preview sends no request, behind a proxy that refuses", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await E2EStack.create({
      project: "yaml-proxy-quiet",
      files: { "Pulumi.yaml": program(standalonePluginDir(), false) },
      server: { url: server.url, apiKey: API_KEY },
      config: { "uptime:maxRetries": "0" },
    });
  }, 240_000);
  afterAll(() => stack?.dispose());

  it("fails preview on the service's certificate from the plugin's handshake, naming the URL and uptime:caCertificates", async () => {
    const before = server.requests.length;
    const r = failed(await stack.preview());
    expect(r.output).toContain(
      `TLS ${new URL(server.url).host}: no response: the TLS certificate of ${server.url} is not accepted: it is issued by a CA that is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE). Add the CA that issued it with uptime:caCertificates`,
    );
    expect(server.requests).toHaveLength(before);
  });

  it("fails preview on 407 from the plugin's tunnel, naming the proxy and uptime:proxyUrl, not the password", async () => {
    await previewFailsOn407(stack);
  });

  it("fails preview with nothing listening at the proxy, naming it and what to check", async () => {
    await previewFailsWithNothingListening(stack);
  });

  it("previews through a proxy that lets the tunnel through once its CA is given, with no request to the service", async () => {
    await stack.setConfig("uptime:proxyUrl", guarded.url.replace("http://", `http://proxyuser:${PASSWORD}@`), true);
    const apiLines = () =>
      guarded
        .log()
        .split("\n")
        .filter((l) => l.includes("/api/v1/")).length;
    const before = apiLines();
    // The proxy inspects TLS: the handshake through its tunnel meets its own certificate.
    const r = failed(await stack.preview());
    expect(r.output).toContain(
      `the TLS certificate of ${server.url} is not accepted (through the proxy ${guarded.url} from uptime:proxyUrl)`,
    );
    await stack.setConfig("uptime:caCertificates", guarded.caFile);
    ok(await stack.preview());
    expect(apiLines()).toBe(before);
  });
});

describe("a Node.js program with the dynamic provider behind the same proxy", () => {
  let stack: E2EStack;
  // The settings check's request at every preview: one page of monitors, without a search (the YAML program's has one).
  const checks = () =>
    inspecting
      .log()
      .split("\n")
      .filter((l) => l.includes(`GET ${server.url}/api/v1/monitors?`) && !l.includes("search=")).length;

  beforeAll(async () => {
    stack = await E2EStack.create({
      project: "lifecycle",
      server: { url: server.url, apiKey: API_KEY },
      config: { "fixture:withIncident": "false", "uptime:caCertificates": inspecting.caFile, "uptime:maxRetries": "0" },
      env: { HTTPS_PROXY: inspecting.url },
    });
  }, 240_000);
  afterAll(() => stack?.dispose());

  it("previews through the TLS-inspecting proxy with its CA given", async () => {
    const before = checks();
    ok(await stack.preview());
    expect(checks()).toBeGreaterThan(before);
  });

  it("fails preview at check behind a proxy that refuses, naming it and uptime:proxyUrl, not the password", async () => {
    await stack.setConfig("uptime:proxyUrl", guarded.url.replace("http://", "http://proxyuser:wrong-Pa55@"), true);
    const r = failed(await stack.preview());
    expect(r.output).toContain(
      `has a problem: GET /api/v1/monitors: no response: the proxy ${guarded.url} (from uptime:proxyUrl) refused to connect to ${server.url}: 407 Proxy Authentication Required.`,
    );
    expect(r.output).not.toContain("wrong-Pa55");
  });
});
