/**
 * The values the client's options take (client-options.ts), from the options and the
 * environment alone: text trimmed, numbers bounded (each named when wrong), the base URL
 * split and refused without echoing credentials, and the route (proxy, CAs) checked before
 * any request, each problem naming the option or variable it came from.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrlProblem, resolveOptions } from "../../src/client/client-options";
import { REPO } from "../support/repo-root";

const base = { baseUrl: "https://u.example", apiKey: "k" };
const certFile = path.join(REPO, "test/support/tls/loopback-cert.pem");

describe("text", () => {
  it("options and variables are trimmed", () => {
    const o = resolveOptions({ apiKey: "  key  " }, { UPTIME_BASE_URL: "  https://env.example/x/  " });
    expect(o.apiKey).toBe("key");
    expect(o.baseUrl).toBe("https://env.example/x");
  });

  it("a blank option counts as unset, so the variable is read", () => {
    expect(resolveOptions({ ...base, apiKey: "   " }, { UPTIME_API_KEY: "env-key" }).apiKey).toBe("env-key");
  });

  it("both missing are named in one sentence", () => {
    expect(() => resolveOptions({}, {})).toThrow(
      "uptime client: set the base URL (option baseUrl or env UPTIME_BASE_URL) and the API key (option apiKey or env UPTIME_API_KEY)",
    );
  });

  it("a blank variable counts as missing", () => {
    expect(() => resolveOptions({ apiKey: "k" }, { UPTIME_BASE_URL: "   " })).toThrow(
      "uptime client: set the base URL (option baseUrl or env UPTIME_BASE_URL)",
    );
  });

  it("the user agent names the client and Node unless given", () => {
    expect(resolveOptions(base, {}).userAgent).toBe(`pulumi-uptime (node ${process.version})`);
    expect(resolveOptions({ ...base, userAgent: "mine/1" }, {}).userAgent).toBe("mine/1");
  });
});

describe("numbers", () => {
  it("each bad number is named with its lower bound and the value given", () => {
    const bad = (o: object) => () => resolveOptions({ ...base, ...o }, {});
    expect(bad({ timeoutMs: 0 })).toThrow("option timeoutMs must be a whole number of at least 1; got 0");
    expect(bad({ connectTimeoutMs: 2.5 })).toThrow(
      "option connectTimeoutMs must be a whole number of at least 1; got 2.5",
    );
    expect(bad({ requestsPerMinute: 0 })).toThrow(
      "option requestsPerMinute must be a whole number of at least 1; got 0",
    );
    expect(bad({ retry: { baseDelayMs: -1 } })).toThrow(
      "option retry.baseDelayMs must be a whole number of at least 0; got -1",
    );
    expect(bad({ retry: { maxDelayMs: -1 } })).toThrow("option retry.maxDelayMs must be a whole number of at least 0");
    expect(bad({ retry: { maxRateLimitWaitMs: -1 } })).toThrow(
      "option retry.maxRateLimitWaitMs must be a whole number",
    );
  });

  it("the lower bound itself is allowed", () => {
    const o = resolveOptions(
      {
        ...base,
        timeoutMs: 1,
        maxConcurrency: 1,
        requestsPerMinute: 1,
        retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRateLimitWaitMs: 0 },
      },
      {},
    );
    expect(o).toMatchObject({ timeoutMs: 1, maxConcurrency: 1, requestsPerMinute: 1 });
    expect(o.retry).toEqual({ maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRateLimitWaitMs: 0 });
  });
});

describe("the base URL", () => {
  it("drops trailing slashes around /api/v1, in any case", () => {
    expect(resolveOptions({ ...base, baseUrl: "https://u.example/p//API/V1//" }, {}).pathPrefix).toBe("/p");
    expect(resolveOptions({ ...base, baseUrl: "https://u.example/p/api/v1x" }, {}).pathPrefix).toBe("/p/api/v1x");
    expect(resolveOptions({ ...base, baseUrl: "https://u.example/p///api/v1" }, {}).pathPrefix).toBe("/p");
    expect(resolveOptions({ ...base, baseUrl: "https://u.example/api/v1/p" }, {}).pathPrefix).toBe("/api/v1/p");
  });

  it("a scheme is needed at the start, spaces around it allowed", () => {
    expect(baseUrlProblem(" https://u.example ")).toBeUndefined();
    expect(baseUrlProblem("see https://u.example")).toMatch(/^has no scheme/);
  });

  it("credentials are refused, user or password alone too, and a value with @ is not echoed", () => {
    const refusal = "must not contain credentials; pass the API key as the API key setting";
    expect(baseUrlProblem("https://user@u.example")).toBe(refusal);
    expect(baseUrlProblem("https://:pw@u.example")).toBe(refusal);
    expect(baseUrlProblem("user:pw@u.example")).toBe(
      "has no scheme; write it with http:// or https://, e.g. https://uptime.example.com",
    );
    expect(baseUrlProblem("https://exa mple")).toBe('is not a valid URL: "https://exa mple"');
  });
});

describe("the route", () => {
  it("names its settings after the options, or as the caller names them", () => {
    expect(resolveOptions(base, {}).route).toEqual({
      proxySetting: "option proxyUrl (env UPTIME_PROXY_URL)",
      caSetting: "option caCertificates (env UPTIME_CA_CERTIFICATES)",
      baseUrlSetting: "option baseUrl (env UPTIME_BASE_URL)",
    });
    const names = { proxyUrl: "uptime:proxyUrl", caCertificates: "uptime:caCertificates", baseUrl: "uptime:baseUrl" };
    expect(resolveOptions({ ...base, settingNames: names }, {}).route).toMatchObject({
      proxySetting: "uptime:proxyUrl",
      caSetting: "uptime:caCertificates",
      baseUrlSetting: "uptime:baseUrl",
    });
  });

  it("a bad proxy URL is named by the option, or by the variable it came from", () => {
    expect(() => resolveOptions({ ...base, proxyUrl: " ftp://p:1 " }, {})).toThrow(
      /^option proxyUrl \(env UPTIME_PROXY_URL\) must start with http:\/\/ or https:\/\//,
    );
    expect(() => resolveOptions(base, { UPTIME_PROXY_URL: "ftp://p:1" })).toThrow(
      /^UPTIME_PROXY_URL must start with http:\/\/ or https:\/\//,
    );
    expect(() => resolveOptions(base, { HTTPS_PROXY: "http://p:1/path" })).toThrow(
      /^HTTPS_PROXY must have no path, query or fragment/,
    );
  });

  it("a blank proxy or CA option leaves the variable's value named by the variable", () => {
    expect(() => resolveOptions({ ...base, proxyUrl: "  " }, { UPTIME_PROXY_URL: "ftp://p:1" })).toThrow(
      /^UPTIME_PROXY_URL /,
    );
    expect(() => resolveOptions({ ...base, caCertificates: " " }, { UPTIME_CA_CERTIFICATES: "/nowhere.pem" })).toThrow(
      /^UPTIME_CA_CERTIFICATES /,
    );
  });

  it("a usable proxy variable is taken, named by the variable", () => {
    expect(resolveOptions(base, { HTTPS_PROXY: "http://p.example:3128" }).route.proxy?.from).toBe("HTTPS_PROXY");
  });

  it("the proxy URL option takes the proxy, named by the option", () => {
    const o = resolveOptions({ ...base, proxyUrl: "http://p.example:3128" }, { HTTPS_PROXY: "http://other:1" });
    expect(o.route.proxy).toEqual({
      uri: "http://p.example:3128",
      shown: "http://p.example:3128",
      from: "option proxyUrl (env UPTIME_PROXY_URL)",
    });
    expect(resolveOptions(base, { UPTIME_PROXY_URL: "http://p.example:3128" }).route.proxy?.from).toBe(
      "UPTIME_PROXY_URL",
    );
  });

  it("bad CAs are named by the option, or by the variable", () => {
    expect(() => resolveOptions({ ...base, caCertificates: "-----BEGIN CERTIFICATE----- cut" }, {})).toThrow(
      /^option caCertificates \(env UPTIME_CA_CERTIFICATES\) holds no complete PEM certificate/,
    );
    expect(() => resolveOptions(base, { UPTIME_CA_CERTIFICATES: "/nowhere.pem" })).toThrow(
      /^UPTIME_CA_CERTIFICATES is neither PEM text nor a readable file/,
    );
    expect(() => resolveOptions(base, { SSL_CERT_FILE: "/nowhere.pem" })).toThrow(/^SSL_CERT_FILE is neither/);
  });

  it("given CAs are trusted, named by where they came from", () => {
    expect(resolveOptions({ ...base, caCertificates: certFile }, {}).route.ca?.from).toEqual([
      "option caCertificates (env UPTIME_CA_CERTIFICATES)",
    ]);
    expect(resolveOptions(base, { UPTIME_CA_CERTIFICATES: certFile }).route.ca?.from).toEqual([
      "UPTIME_CA_CERTIFICATES",
    ]);
  });

  it("SSL_CERT_FILE is read for an https service or an https proxy, not for plain http", () => {
    const env = { SSL_CERT_FILE: certFile };
    expect(resolveOptions(base, env).route.ca?.from).toEqual(["SSL_CERT_FILE"]);
    expect(resolveOptions({ ...base, baseUrl: "http://u.example" }, env).route.ca).toBeUndefined();
    expect(
      resolveOptions({ ...base, baseUrl: "http://u.example", proxyUrl: "HTTPS://p.example:443" }, env).route.ca?.from,
    ).toEqual(["SSL_CERT_FILE"]);
    expect(
      resolveOptions({ ...base, baseUrl: "http://u.example", proxyUrl: "http://p.example:3128" }, env).route.ca,
    ).toBeUndefined();
  });

  it("a caller's dispatcher takes no proxy and reads no CA", () => {
    const o = resolveOptions(
      { ...base, dispatcher: {} as never, proxyUrl: "http://p:1" },
      { SSL_CERT_FILE: "/nowhere.pem" },
    );
    expect(o.route.proxy).toBeUndefined();
    expect(o.route.ca).toBeUndefined();
  });
});
