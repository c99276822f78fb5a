/**
 * The engine's secret marks in a property bag (secret-envelope.ts), and the request headers
 * a program sent in plaintext (monitor/plaintext-headers.ts), read from the wire form alone:
 * which paths were secret, values unwrapped, unknowns kept, and only plain-string headers
 * named.
 */
import { describe, expect, it } from "vitest";
import { SECRET_SIG, SIG_KEY, isSecretEnvelope, secret, unwrapInputs } from "../../src/runtime/secret-envelope";
import { plaintextHeaderNames } from "../../src/runtime/monitor/plaintext-headers";
import { UNKNOWN } from "../../src/runtime/unknowns";

describe("secret envelopes", () => {
  it("wrap a value under the engine's signature and are told apart from other objects", () => {
    expect(secret("pw")).toEqual({ [SIG_KEY]: SECRET_SIG, value: "pw" });
    expect(isSecretEnvelope(secret(1))).toBe(true);
    expect(isSecretEnvelope({ [SIG_KEY]: "another signature", value: 1 })).toBe(false);
    expect(isSecretEnvelope({ value: 1 })).toBe(false);
    expect(isSecretEnvelope(null)).toBe(false);
    expect(isSecretEnvelope(SECRET_SIG)).toBe(false);
  });

  it("are unwrapped at every depth, each secret path recorded dotted from the top", () => {
    const { bag, secretPaths } = unwrapInputs({
      name: "api",
      apiKey: secret("k"),
      auth: { password: secret("pw"), user: "u" },
      requestHeaders: secret([{ key: "x", value: secret("v") }]),
      tags: [secret("a"), "b"],
    });
    expect(bag).toEqual({
      name: "api",
      apiKey: "k",
      auth: { password: "pw", user: "u" },
      requestHeaders: [{ key: "x", value: "v" }],
      tags: ["a", "b"],
    });
    expect([...secretPaths].sort()).toEqual([
      "apiKey",
      "auth.password",
      "requestHeaders",
      "requestHeaders.value",
      "tags",
    ]);
  });

  it("keep unknowns and plain values as they are; nothing gives an empty bag", () => {
    expect(unwrapInputs({ url: UNKNOWN, n: 0, f: false, z: null })).toEqual({
      bag: { url: UNKNOWN, n: 0, f: false, z: null },
      secretPaths: new Set(),
    });
    expect(unwrapInputs(undefined)).toEqual({ bag: {}, secretPaths: new Set() });
  });
});

describe("headers sent in plaintext", () => {
  it("are the entries whose key and value are plain strings", () => {
    const names = plaintextHeaderNames([
      { key: "X-Plain", value: "v" },
      { key: "X-Secret-Value", value: secret("v") },
      secret({ key: "X-Secret-Entry", value: "v" }),
      { key: "X-Unknown", value: UNKNOWN },
      { key: UNKNOWN, value: "v" },
      { key: "X-Number", value: 5 },
      { key: 5, value: "v" },
      null,
      "text",
    ]);
    expect(names).toEqual(["X-Plain"]);
  });

  it("are none when the list itself is secret, unknown or absent", () => {
    expect(plaintextHeaderNames(secret([{ key: "a", value: "b" }]))).toEqual([]);
    expect(plaintextHeaderNames(UNKNOWN)).toEqual([]);
    expect(plaintextHeaderNames(undefined)).toEqual([]);
  });
});
