/**
 * How a failure on the way to the service is explained (network.ts `diagnose`), from the
 * error alone: an untrusted or wrong certificate says which and what fixes it, and whether
 * a retry could help; a proxy that refused or is not there is named, never with its
 * credentials. (The same failures over real sockets are in the server suite:
 * tls-with-a-private-ca-… and proxies-from-the-environment-….)
 */
import { describe, expect, it } from "vitest";
import { diagnose, type Route } from "../../src/client/network";

const withCode = (code: string, more: object = {}) => Object.assign(new Error(`failed: ${code}`), { code }, more);
const origin = "https://svc.example:8443";
const proxy = { uri: "http://user:pw-secret@proxy.corp:3128", shown: "http://proxy.corp:3128", from: "HTTPS_PROXY" };
const direct: Route = {
  proxySetting: "uptime:proxyUrl",
  caSetting: "uptime:caCertificates",
  baseUrlSetting: "uptime:baseUrl",
};
const proxied: Route = { ...direct, proxy };

describe("a certificate that is not accepted", () => {
  it("names the reason and the CA setting to fix it, and is final", () => {
    const d = diagnose(withCode("DEPTH_ZERO_SELF_SIGNED_CERT"), origin, direct);
    expect(d).toEqual({
      what:
        "the TLS certificate of https://svc.example:8443 is not accepted: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). " +
        "Add the CA that issued it with uptime:caCertificates (PEM text or a file path), SSL_CERT_FILE or " +
        "NODE_EXTRA_CA_CERTS. Certificate verification cannot be turned off.",
      final: true,
      via: "tls",
    });
  });

  it("names the client's own setting when no route is known", () => {
    expect(diagnose(withCode("UNABLE_TO_VERIFY_LEAF_SIGNATURE"), origin, undefined)?.what).toContain(
      "it is issued by a CA that is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE). Add the CA that issued it with caCertificates",
    );
  });

  it("through a proxy, says the proxy may be inspecting TLS", () => {
    const what = diagnose(withCode("SELF_SIGNED_CERT_IN_CHAIN"), origin, proxied)?.what;
    expect(what).toContain("is not accepted (through the proxy http://proxy.corp:3128 from HTTPS_PROXY):");
    expect(what).toContain(
      "If the proxy inspects TLS, give its CA certificate; otherwise the service's CA: add it with uptime:caCertificates",
    );
    expect(what).not.toContain("pw-secret");
  });

  it("an expired or not yet valid one must be renewed: no CA helps", () => {
    for (const code of ["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"]) {
      const what = diagnose(withCode(code), origin, direct)?.what;
      expect(what).toContain(
        "The service's certificate must be renewed (check the clock of this machine too); uptime:caCertificates cannot fix this.",
      );
    }
    expect(diagnose(withCode("CERT_HAS_EXPIRED"), origin, undefined)?.what).toContain(
      "; caCertificates cannot fix this.",
    );
  });

  it("one for another host names the names it lists and the base URL setting", () => {
    const err = withCode("ERR_TLS_CERT_ALTNAME_INVALID", { cert: { subjectaltname: "DNS:other.example" } });
    const what = diagnose(err, origin, direct)?.what;
    expect(what).toContain(
      "it is for another host name (ERR_TLS_CERT_ALTNAME_INVALID: svc.example is not among DNS:other.example). " +
        "Set uptime:baseUrl to a host name the certificate lists, or have the certificate issued for this one.",
    );
    expect(diagnose(withCode("ERR_TLS_CERT_ALTNAME_INVALID"), origin, undefined)?.what).toContain(
      "(ERR_TLS_CERT_ALTNAME_INVALID). Set baseUrl to",
    );
  });

  it("names no host names when the certificate lists none, or the error holds no certificate fields", () => {
    for (const cert of [{ subjectaltname: "" }, {}]) {
      const err = withCode("ERR_TLS_CERT_ALTNAME_INVALID", { cert });
      expect(diagnose(err, origin, direct)?.what).toContain("(ERR_TLS_CERT_ALTNAME_INVALID). Set uptime:baseUrl");
    }
  });

  it("lists the certificate's names only for a certificate issued for another host", () => {
    const err = withCode("DEPTH_ZERO_SELF_SIGNED_CERT", { cert: { subjectaltname: "DNS:other.example" } });
    expect(diagnose(err, origin, direct)?.what).toContain("it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). Add");
  });

  it("falls back to the certificate's common name when it lists no alternative names", () => {
    const err = withCode("ERR_TLS_CERT_ALTNAME_INVALID", { cert: { subject: { CN: "other.example" } } });
    expect(diagnose(err, origin, direct)?.what).toContain("svc.example is not among CN=other.example)");
  });

  it("is found inside an AggregateError and a cause", () => {
    const nested = new AggregateError([withCode("ECONNRESET"), new Error("x", { cause: withCode("CERT_REVOKED") })]);
    expect(diagnose(nested, origin, direct)?.what).toContain("it is revoked (CERT_REVOKED)");
  });

  it("an error that holds itself is read once, without looping", () => {
    const err = withCode("ECONNRESET") as Error & { cause?: unknown };
    err.cause = err;
    expect(diagnose(err, origin, direct)).toBeUndefined();
  });
});

describe("other failures without a proxy", () => {
  it("are left to the caller", () => {
    expect(diagnose(withCode("ECONNREFUSED"), origin, direct)).toBeUndefined();
    expect(diagnose("not an error", origin, direct)).toBeUndefined();
    expect(diagnose(null, origin, undefined)).toBeUndefined();
  });
});

describe("a proxy on the way", () => {
  it("that refused the tunnel with 407 names the variable to check, and is final", () => {
    const d = diagnose(new Error("Proxy response (407) !== 200 when HTTP Tunneling"), origin, proxied);
    expect(d).toEqual({
      what:
        "the proxy http://proxy.corp:3128 (from HTTPS_PROXY) refused to connect to https://svc.example:8443: 407 Proxy " +
        "Authentication Required. Check the user and password in HTTPS_PROXY (http://user:password@host:port; characters " +
        "such as @ : / written percent-encoded), or list the host in NO_PROXY to reach it directly.",
      final: true,
      via: "proxy",
    });
  });

  it("that forbade the tunnel is final; one that could not reach the service may be tried again", () => {
    const forbidden = diagnose(new Error("Proxy response (403)"), origin, proxied);
    expect(forbidden?.what).toContain(": 403 Forbidden. Check that the proxy allows connections to svc.example:8443,");
    expect(forbidden?.final).toBe(true);
    const gateway = diagnose(new Error("x", { cause: new Error("Proxy response (502)") }), origin, proxied);
    expect(gateway?.what).toContain(": 502 Bad Gateway. Check that the proxy can reach svc.example:8443,");
    expect(gateway?.final).toBe(false);
    expect(diagnose(new Error("Proxy response (418)"), origin, proxied)?.what).toContain(": 418. Check that");
  });

  it("that is not there says why, by code, and is not final", () => {
    const what = (code: string) => diagnose(withCode(code), origin, proxied);
    expect(what("ECONNREFUSED")).toEqual({
      what:
        "could not connect to the proxy http://proxy.corp:3128 (from HTTPS_PROXY): nothing is listening there (ECONNREFUSED). " +
        "Check that the proxy runs there and that HTTPS_PROXY names it, or list svc.example in NO_PROXY to reach the service directly.",
      final: false,
      via: "proxy",
    });
    expect(what("ENOTFOUND")?.what).toContain(": its host name does not resolve (ENOTFOUND).");
    expect(what("EAI_AGAIN")?.what).toContain(": its host name does not resolve (EAI_AGAIN).");
    expect(what("EHOSTUNREACH")?.what).toContain(": it cannot be reached (EHOSTUNREACH).");
    expect(what("UND_ERR_CONNECT_TIMEOUT")?.what).toContain(": it cannot be reached (UND_ERR_CONNECT_TIMEOUT).");
  });

  it("that is not there is found by the code of an error inside the one thrown", () => {
    const nested = new AggregateError([withCode("ECONNREFUSED")], "all attempts failed");
    expect(diagnose(nested, origin, proxied)?.what).toContain(": nothing is listening there (ECONNREFUSED).");
  });

  it("leaves a failure that says nothing of the proxy to the caller", () => {
    expect(diagnose(withCode("ECONNRESET"), origin, proxied)).toBeUndefined();
    expect(diagnose(withCode("XECONNREFUSED"), origin, proxied)).toBeUndefined();
    expect(diagnose(withCode("ECONNREFUSEDX"), origin, proxied)).toBeUndefined();
    expect(diagnose(new Error("no code"), origin, proxied)).toBeUndefined();
  });
});
