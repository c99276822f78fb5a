/**
 * Which CAs the client trusts (network.ts `caFor`), from the settings and the environment
 * alone (no connection): nothing changes unless extra CAs are given; given ones are added to
 * Node's roots and to NODE_EXTRA_CA_CERTS, which an explicit list would otherwise drop;
 * SSL_CERT_FILE is read only when the way uses TLS; a bad value fails naming its source.
 * (A handshake with a private CA: tls-with-a-private-ca-is-trusted-only-when-given.test.ts.)
 */
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caFor, readCaCertificates } from "../../src/client/network";
import { REPO } from "../support/repo-root";

const certFile = path.join(REPO, "test/support/tls/loopback-cert.pem");
const pem = readFileSync(certFile, "utf8").trim();

describe("reading certificates", () => {
  it("takes PEM text as it is and any other value as the path of a PEM file", () => {
    expect(readCaCertificates(pem)).toEqual([pem]);
    expect(readCaCertificates(` ${certFile} `)).toEqual([pem]);
    expect(readCaCertificates(`${pem}\n${pem}`)).toHaveLength(2);
  });

  it("refuses text with no certificate in it", () => {
    expect(() => readCaCertificates("-----BEGIN CERTIFICATE----- cut off")).toThrow(
      "holds no PEM certificate (-----BEGIN CERTIFICATE-----)",
    );
  });
});

describe("the CAs trusted", () => {
  it("none are read or changed when nothing is given", () => {
    expect(caFor({})).toBeUndefined();
    expect(caFor({ SSL_CERT_FILE: "  " })).toBeUndefined();
    expect(caFor({ NODE_EXTRA_CA_CERTS: certFile })).toBeUndefined();
  });

  it("given ones are added to Node's roots, named by where they came from", () => {
    const route = caFor({}, { value: pem, from: "uptime:caCertificates" });
    expect(route?.ca).toEqual([...rootCertificates, pem]);
    expect(route?.from).toEqual(["uptime:caCertificates"]);
    expect(route?.key).toBe(pem);
  });

  it("SSL_CERT_FILE adds its file after the setting's", () => {
    const route = caFor({ SSL_CERT_FILE: ` ${certFile} ` }, { value: pem, from: "caCertificates" });
    expect(route?.from).toEqual(["caCertificates", "SSL_CERT_FILE"]);
    expect(route?.ca.slice(rootCertificates.length)).toEqual([pem, pem]);
  });

  it("SSL_CERT_FILE is not read when nothing on the way uses TLS", () => {
    expect(caFor({ SSL_CERT_FILE: "/nowhere/at/all.pem" }, undefined, false)).toBeUndefined();
    expect(
      caFor({ SSL_CERT_FILE: "/nowhere/at/all.pem" }, { value: pem, from: "caCertificates" }, false)?.from,
    ).toEqual(["caCertificates"]);
  });

  it("keeps NODE_EXTRA_CA_CERTS, which an explicit list would replace", () => {
    const route = caFor({ NODE_EXTRA_CA_CERTS: certFile, SSL_CERT_FILE: certFile });
    expect(route?.ca).toEqual([...rootCertificates, pem, pem]);
    expect(route?.from).toEqual(["SSL_CERT_FILE"]);
    expect(route?.key).toBe(`${pem}\n${pem}`);
  });

  it("ignores an unreadable NODE_EXTRA_CA_CERTS, as Node itself does", () => {
    const route = caFor({ NODE_EXTRA_CA_CERTS: "/nowhere/at/all.pem", SSL_CERT_FILE: certFile });
    expect(route?.ca).toEqual([...rootCertificates, pem]);
  });

  it("a bad value's failure keeps the reading error as its cause", () => {
    let thrown: unknown;
    try {
      caFor({ SSL_CERT_FILE: "/nowhere/at/all.pem" });
    } catch (err) {
      thrown = err;
    }
    expect(((thrown as Error).cause as NodeJS.ErrnoException).code).toBe("ENOENT");
  });

  it("a bad value fails naming where it came from and what is wrong", () => {
    expect(() => caFor({ SSL_CERT_FILE: "/nowhere/at/all.pem" })).toThrow(
      /^SSL_CERT_FILE is neither PEM text nor a readable file: "\/nowhere\/at\/all.pem" \(ENOENT\)/,
    );
    expect(() => caFor({}, { value: "-----BEGIN CERTIFICATE----- cut", from: "uptime:caCertificates" })).toThrow(
      /^uptime:caCertificates holds no complete PEM certificate/,
    );
  });
});

it("a file without a certificate fails naming the file", () => {
  expect(() => caFor({ SSL_CERT_FILE: path.join(REPO, "package.json") })).toThrow(
    /^SSL_CERT_FILE names a file with no PEM certificate in it/,
  );
});
