/**
 * The local server serves HTTPS with a certificate of the test's own CA (--tls-cert and
 * --tls-key): the client reaches it once that CA is given (caCertificates as a file or PEM
 * text, or SSL_CERT_FILE), and otherwise fails at once, naming the URL, the TLS reason and
 * the setting that fixes it. Expired, wrong-host and self-signed certificates are told apart.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeConfigError, UptimeNetworkError } from "../../src/client/errors";
import { caFor } from "../../src/client/network";
import { rootCertificates } from "node:tls";
import { parseCli } from "../../src/server/cli-args";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { handshakeOnlyServers } from "../support/handshake-only-https";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let pki: TestPki;
let server: UptimeServer;
/** Servers that only shake hands with one certificate each: the handshake is what is tested. */
const handshakeOnly = handshakeOnlyServers();
const bareHttps = handshakeOnly.start;

function client(baseUrl: string, extra: ConstructorParameters<typeof UptimeClient>[0] = {}): UptimeClient {
  return new UptimeClient({ baseUrl, apiKey: DEFAULT_API_KEY, retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...extra });
}

async function failure(c: UptimeClient): Promise<UptimeNetworkError> {
  try {
    await c.status();
  } catch (err) {
    return err as UptimeNetworkError;
  } finally {
    await c.close();
  }
  throw new Error("the request succeeded");
}

beforeAll(async () => {
  pki = makeTestPki();
  const cmd = parseCli(["--port", "0", "--tls-cert", pki.loopback.certFile, "--tls-key", pki.loopback.keyFile], {});
  if (cmd.kind !== "run") throw new Error(JSON.stringify(cmd));
  server = await startTestServer({ ...cmd.options, checks: false });
}, 60_000);

afterAll(async () => {
  await server?.close();
  handshakeOnly.closeAll();
  pki?.dispose();
});

describe("the local server with --tls-cert and --tls-key", () => {
  it("serves https, reached with the CA as a file or as PEM text", async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    for (const caCertificates of [pki.caFile, pki.caPem]) {
      const c = client(server.url, { caCertificates });
      expect(await c.status()).toEqual({ message: "Online." });
      expect((await c.monitors.list({ per_page: 10 })).data).toEqual([]);
      await c.close();
    }
  });

  it("is reached with the CA in SSL_CERT_FILE", async () => {
    vi.stubEnv("SSL_CERT_FILE", pki.caFile);
    try {
      const c = client(server.url);
      expect(await c.status()).toEqual({ message: "Online." });
      await c.close();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("a bad SSL_CERT_FILE fails the https service naming the variable, and never an http one", async () => {
    vi.stubEnv("SSL_CERT_FILE", "/nowhere/bundle.pem");
    const http = await startTestServer({ port: 0 });
    try {
      expect(() => client(server.url)).toThrow(UptimeConfigError);
      expect(() => client(server.url)).toThrow(
        /^SSL_CERT_FILE is neither PEM text nor a readable file: "\/nowhere\/bundle.pem"/,
      );
      const c = client(http.url);
      expect(await c.status()).toEqual({ message: "Online." });
      await c.close();
    } finally {
      vi.unstubAllEnvs();
      await http.close();
    }
  });

  it("rejects half a pair of files and files without PEM", () => {
    expect(parseCli(["--tls-cert", pki.loopback.certFile], {})).toEqual({
      kind: "error",
      message: "--tls-cert and --tls-key go together: give both",
    });
    expect(parseCli(["--tls-cert", pki.loopback.keyFile, "--tls-key", pki.loopback.keyFile], {})).toMatchObject({
      kind: "error",
      message: expect.stringContaining("holds no PEM certificate"),
    });
  });
});

describe("an untrusted certificate fails at once, naming the URL, the reason and the fix", () => {
  it("issued by a CA that was not given", async () => {
    const err = await failure(client(server.url));
    expect(err).toBeInstanceOf(UptimeNetworkError);
    expect(err.via).toBe("tls");
    expect(err.message).toContain(`the TLS certificate of ${server.url} is not accepted`);
    expect(err.message).toContain("it is issued by a CA that is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)");
    expect(err.message).toContain("option caCertificates (env UPTIME_CA_CERTIFICATES)");
    expect(err.message).toContain("cannot be turned off");
    // Not retried: a certificate does not change between attempts.
    expect(err.message).not.toMatch(/Tried \d+ times/);
  });

  it("self-signed", async () => {
    const url = await bareHttps(pki.selfSigned);
    const err = await failure(client(url, { caCertificates: pki.caFile }));
    expect(err.message).toContain(`the TLS certificate of ${url} is not accepted: it is self-signed`);
    expect(err.message).toContain("Add the CA that issued it with option caCertificates");
  });

  it("expired, even from the trusted CA", async () => {
    const url = await bareHttps(pki.expired);
    const err = await failure(client(url, { caCertificates: pki.caFile }));
    expect(err.message).toContain(`the TLS certificate of ${url} is not accepted: it has expired (CERT_HAS_EXPIRED)`);
    expect(err.message).toContain("must be renewed");
  });

  it("for another host name, even from the trusted CA", async () => {
    const url = await bareHttps(pki.otherHost);
    const err = await failure(client(url, { caCertificates: pki.caPem, settingNames: { baseUrl: "uptime:baseUrl" } }));
    expect(err.message).toContain(`the TLS certificate of ${url} is not accepted: it is for another host name`);
    expect(err.message).toContain("other.invalid");
    expect(err.message).toContain("Set uptime:baseUrl to a host name the certificate lists");
  });
});

describe("caCertificates that is neither PEM nor a readable file", () => {
  it("fails at construction naming the setting and what is allowed", () => {
    expect(() => client(server.url, { caCertificates: "/nowhere/ca.pem" })).toThrow(UptimeConfigError);
    expect(() => client(server.url, { caCertificates: "/nowhere/ca.pem" })).toThrow(
      'option caCertificates (env UPTIME_CA_CERTIFICATES) is neither PEM text nor a readable file: "/nowhere/ca.pem" (ENOENT); give PEM text (-----BEGIN CERTIFICATE----- ...) or the path of a readable PEM file',
    );
    expect(() => client(server.url, { caCertificates: pki.loopback.keyFile })).toThrow(/names a file with no PEM/);
    expect(() => client(server.url, { caCertificates: "-----BEGIN CERTIFICATE-----\nabc" })).toThrow(
      /holds no complete PEM certificate/,
    );
  });
});

describe("the CA list, when extra CAs are given", () => {
  it("keeps Node's roots and NODE_EXTRA_CA_CERTS, which an explicit list would otherwise drop", () => {
    const route = caFor(
      { NODE_EXTRA_CA_CERTS: pki.selfSigned.certFile, SSL_CERT_FILE: pki.caFile },
      { value: pki.caPem, from: "caCertificates" },
    )!;
    expect(route.from).toEqual(["caCertificates", "SSL_CERT_FILE"]);
    expect(route.ca.slice(0, rootCertificates.length)).toEqual([...rootCertificates]);
    expect(route.ca).toContain(pki.selfSigned.cert.trim());
    expect(route.ca.filter((c) => c === pki.caPem.trim())).toHaveLength(2);
  });

  it("is not made, and nothing is read, without caCertificates or SSL_CERT_FILE", () => {
    expect(caFor({ NODE_EXTRA_CA_CERTS: "/nowhere.pem" })).toBeUndefined();
  });
});
