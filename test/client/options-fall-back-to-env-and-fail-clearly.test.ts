/**
 * Options resolve from arguments, then the environment, then defaults; a missing base URL
 * or key fails at construction with a message naming the option and the env variable.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeConfigError } from "../../src/client/errors";
import { resolveOptions } from "../../src/client/client-options";

describe("resolveOptions", () => {
  it("applies the documented defaults", () => {
    const o = resolveOptions({ baseUrl: "https://u.example", apiKey: "k" }, {});
    expect(o).toMatchObject({
      baseUrl: "https://u.example",
      origin: "https://u.example",
      pathPrefix: "",
      apiKey: "k",
      timeZone: "UTC",
      timeoutMs: 30_000,
      connectTimeoutMs: 10_000,
      maxConcurrency: undefined,
      retry: { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 8000, maxRateLimitWaitMs: 120_000 },
    });
  });

  it("falls back to UPTIME_BASE_URL, UPTIME_API_KEY and UPTIME_TIME_ZONE; options win over env", () => {
    const env = {
      UPTIME_BASE_URL: "https://env.example/",
      UPTIME_API_KEY: "env-key",
      UPTIME_TIME_ZONE: "Europe/Berlin",
    };
    expect(resolveOptions({}, env)).toMatchObject({
      baseUrl: "https://env.example",
      apiKey: "env-key",
      timeZone: "Europe/Berlin",
    });
    expect(resolveOptions({ apiKey: "opt-key", timeZone: "Asia/Tokyo" }, env)).toMatchObject({
      apiKey: "opt-key",
      timeZone: "Asia/Tokyo",
    });
    // An empty option counts as unset, so an empty provider setting still reads the env.
    expect(resolveOptions({ apiKey: "" }, env).apiKey).toBe("env-key");
  });

  it("names both the option and the env variable of everything missing", () => {
    expect(() => resolveOptions({}, {})).toThrow(UptimeConfigError);
    expect(() => resolveOptions({}, {})).toThrow(
      /option baseUrl or env UPTIME_BASE_URL.*option apiKey or env UPTIME_API_KEY/,
    );
    expect(() => resolveOptions({ baseUrl: "https://x.example" }, {})).toThrow(
      /the API key \(option apiKey or env UPTIME_API_KEY\)/,
    );
    expect(() => resolveOptions({ apiKey: "k" }, {})).toThrow(/the base URL \(option baseUrl or env UPTIME_BASE_URL\)/);
  });

  it("rejects malformed settings", () => {
    const base = { baseUrl: "https://x.example", apiKey: "k" };
    expect(() => resolveOptions({ ...base, timeZone: "Mars/Olympus" }, {})).toThrow(
      /timeZone \(env UPTIME_TIME_ZONE\)/,
    );
    expect(() => resolveOptions({ ...base, baseUrl: "ftp://x" }, {})).toThrow(/http or https/);
    expect(() => resolveOptions({ ...base, baseUrl: "not a url" }, {})).toThrow(
      /has no scheme: "not a url"; write it with http:\/\/ or https:\/\//,
    );
    expect(() => resolveOptions({ ...base, baseUrl: "uptime.example.com:8080" }, {})).toThrow(/has no scheme/);
    expect(() => resolveOptions({ ...base, baseUrl: "https://exa mple.com" }, {})).toThrow(/not a valid URL/);
    expect(() => resolveOptions({ ...base, baseUrl: "https://user:pw@x.example" }, {})).toThrow(/credentials/);
    expect(() => resolveOptions({ ...base, maxConcurrency: 0 }, {})).toThrow(/maxConcurrency/);
    expect(() => resolveOptions({ ...base, retry: { maxAttempts: 1.5 } }, {})).toThrow(/retry.maxAttempts/);
  });
});

describe("the base URL", () => {
  it.each([
    ["https://u.example", "https://u.example", ""],
    ["https://u.example/", "https://u.example", ""],
    ["https://u.example/api/v1", "https://u.example", ""],
    ["https://u.example/api/v1/", "https://u.example", ""],
    ["https://u.example:8443/uptime/api/v1", "https://u.example:8443/uptime", "/uptime"],
    ["http://127.0.0.1:8080/uptime/", "http://127.0.0.1:8080/uptime", "/uptime"],
  ])("%s → %s", (raw, baseUrl, prefix) => {
    expect(resolveOptions({ baseUrl: raw, apiKey: "k" }, {})).toMatchObject({ baseUrl, pathPrefix: prefix });
  });
});

describe("UptimeClient construction", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reads the process environment and exposes baseUrl and timeZone", async () => {
    vi.stubEnv("UPTIME_BASE_URL", "https://env.example/api/v1");
    vi.stubEnv("UPTIME_API_KEY", "env-key");
    vi.stubEnv("UPTIME_TIME_ZONE", "Europe/Berlin");
    const c = new UptimeClient();
    expect(c.baseUrl).toBe("https://env.example");
    expect(c.timeZone).toBe("Europe/Berlin");
    await c.close();
  });

  it("throws UptimeConfigError without a key", () => {
    vi.stubEnv("UPTIME_API_KEY", "");
    expect(() => new UptimeClient({ baseUrl: "https://x.example" })).toThrow(UptimeConfigError);
  });
});
