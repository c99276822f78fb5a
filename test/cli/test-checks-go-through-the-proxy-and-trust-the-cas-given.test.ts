/**
 * `pulumi-uptime test`'s checks take the way the API calls take: through a real proxy
 * (mitmproxy) named by HTTP_PROXY / HTTPS_PROXY, directly for NO_PROXY hosts; trusting the CAs
 * of SSL_CERT_FILE and `--ca` together (`--ca` adds, it no longer replaces), here a target behind
 * a private CA and a TLS-inspecting proxy; and a bad SSL_CERT_FILE fails only a run that needs
 * TLS, naming the variable.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { eventually } from "../support/eventually";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { startTarget, type Target } from "../support/targets";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { byName, NO_NETWORK_VARS, runTestCommand, scratch } from "./helpers";

let pki: TestPki, other: TestPki;
let plain: Target, secure: Target, secureOther: Target;
let proxy: Mitmproxy;
const dir = scratch();

beforeAll(async () => {
  pki = makeTestPki();
  other = makeTestPki();
  [plain, secure, secureOther, proxy] = await Promise.all([
    startTarget(),
    startTarget({ tls: { cert: pki.loopback.cert, key: pki.loopback.key } }),
    startTarget({ tls: { cert: other.loopback.cert, key: other.loopback.key } }),
    // Inspects TLS, trusting the private CA upstream.
    startMitmproxy({ upstreamCa: pki.caFile }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), secureOther?.close(), proxy?.stop()]);
  pki?.dispose();
  other?.dispose();
  dir.dispose();
});

const file = (url: string, name = "m") => dir.monitors({ [name]: { name, url, interval: 60 } }, `${name}.yaml`);

test("HTTP_PROXY carries an http check; NO_PROXY reaches the target directly", async () => {
  const viaProxy = await runTestCommand(["--file", file(`${plain.url}/h?m=via-proxy`), "--json"], dir.dir, {
    ...NO_NETWORK_VARS,
    HTTP_PROXY: proxy.url,
  });
  expect(byName(viaProxy.stdout).m.outcome).toBe("pass");
  // mitmdump logs a request once it has answered it.
  await eventually("the proxy logs the check", () => proxy.forwarded(`${plain.url}/h?`, "m=via-proxy"), 10_000);
  const direct = await runTestCommand(["--file", file(`${plain.url}/h?m=bypassed`), "--json"], dir.dir, {
    ...NO_NETWORK_VARS,
    HTTP_PROXY: proxy.url,
    NO_PROXY: "127.0.0.1",
  });
  expect(byName(direct.stdout).m.outcome).toBe("pass");
  expect(proxy.log()).not.toContain("m=bypassed");
});

test("HTTPS_PROXY carries an https check to a target behind a private CA, through a TLS-inspecting proxy", async () => {
  const args = ["--file", file(`${secure.url}/h?m=tls-via-proxy`), "--json"];
  const withoutCa = await runTestCommand(args, dir.dir, { ...NO_NETWORK_VARS, HTTPS_PROXY: proxy.url });
  expect(byName(withoutCa.stdout).m.outcome).toBe("alert");
  const r = await runTestCommand([...args, "--ca", proxy.caFile], dir.dir, {
    ...NO_NETWORK_VARS,
    HTTPS_PROXY: proxy.url,
  });
  expect(byName(r.stdout).m).toMatchObject({ outcome: "pass" });
  await eventually("the proxy logs the check", () => proxy.forwarded(`${secure.url}/h?`, "m=tls-via-proxy"), 10_000);
});

test("--ca adds to the CAs of SSL_CERT_FILE rather than replacing them", async () => {
  const monitors = dir.monitors(
    {
      first: { name: "first", url: `${secure.url}/h`, interval: 60 },
      second: { name: "second", url: `${secureOther.url}/h`, interval: 60 },
    },
    "two-cas.yaml",
  );
  const r = await runTestCommand(["--file", monitors, "--json", "--ca", other.caFile], dir.dir, {
    ...NO_NETWORK_VARS,
    SSL_CERT_FILE: pki.caFile,
  });
  const results = byName(r.stdout);
  expect([results.first.outcome, results.second.outcome]).toEqual(["pass", "pass"]);
  expect(r.code).toBe(0);
});

test("a bad SSL_CERT_FILE fails a run that needs TLS, naming it, and never an http-only one", async () => {
  const env = { ...NO_NETWORK_VARS, SSL_CERT_FILE: "/nowhere/bundle.pem" };
  const http = await runTestCommand(["--file", file(`${plain.url}/h`), "--json"], dir.dir, env);
  expect(byName(http.stdout).m.outcome).toBe("pass");
  const https = await runTestCommand(["--file", file(`${secure.url}/h`)], dir.dir, env);
  expect(https.code).toBe(2);
  expect(https.stderr).toMatch(/^pulumi-uptime test: SSL_CERT_FILE is neither PEM text nor a readable file/);
});
