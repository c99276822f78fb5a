/**
 * Where the providers' settings come from and how a bad one is named (runtime/config.ts),
 * with no request: stack config wins over the environment, a blank value counts as unset,
 * each problem names the setting the user set (the config key, or the variable when the
 * value came from the environment), and the client options follow from them.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  clientOptionsFor,
  configureFromStack,
  numericSetting,
  providerClient,
  resolveSettings,
  settingName,
  settingText,
  settingsProblems,
  usableTimeZone,
} from "../../src/runtime/config";

const usable = { baseUrl: "https://uptime.example.com", apiKey: "key-1234" };

describe("where a value comes from", () => {
  it("stack config wins; the environment fills what it leaves out; blank counts as unset", () => {
    const s = resolveSettings(
      { baseUrl: " https://config.example ", apiKey: "  ", timeZone: undefined },
      { UPTIME_BASE_URL: "https://env.example", UPTIME_API_KEY: " env-key ", UPTIME_TIME_ZONE: "  " },
    );
    expect(s.baseUrl).toBe("https://config.example");
    expect(s.apiKey).toBe("env-key");
    expect(s.timeZone).toBe("UTC");
    expect(s.from).toEqual({ baseUrl: "config", apiKey: "env" });
  });

  it("a number from a typed input is read as its text", () => {
    expect(resolveSettings({ maxRetries: 3 }, {}).maxRetries).toBe("3");
  });

  it("a setting is named by its config key, or by its variable when the value came from there", () => {
    const s = resolveSettings({ baseUrl: "https://a.example" }, { UPTIME_API_KEY: "k" });
    expect(settingName("baseUrl", s)).toBe("uptime:baseUrl");
    expect(settingName("apiKey", s)).toBe("UPTIME_API_KEY");
    expect(settingName("timeZone", s)).toBe("uptime:timeZone");
  });

  it("a setting's text: an object as its JSON, nothing for null or undefined", () => {
    expect(settingText({ interval: 60 })).toBe('{"interval":60}');
    expect(settingText(5)).toBe("5");
    expect(settingText(null)).toBeUndefined();
    expect(settingText(undefined)).toBeUndefined();
  });
});

describe("what keeps the settings from working", () => {
  const problems = (given: object, env: NodeJS.ProcessEnv = {}) => settingsProblems(resolveSettings(given, env));

  it("none for usable settings", () => {
    expect(problems(usable)).toEqual([]);
  });

  it("missing settings name both ways to give each", () => {
    expect(problems({})).toEqual([
      "pulumi-uptime is not configured: missing the service URL: run `pulumi config set uptime:baseUrl " +
        "https://uptime.example.com` or set UPTIME_BASE_URL; and the API key: run `pulumi config set --secret " +
        "uptime:apiKey <key>` or set UPTIME_API_KEY.",
    ]);
    expect(problems({ baseUrl: usable.baseUrl })).toEqual([
      "pulumi-uptime is not configured: missing the API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY.",
    ]);
  });

  it("a bad base URL, zone or number names the setting as the user set it", () => {
    expect(problems({ ...usable, baseUrl: "uptime.example.com" })).toEqual([
      'uptime:baseUrl has no scheme: "uptime.example.com"; write it with http:// or https://, e.g. https://uptime.example.com.',
    ]);
    expect(problems({ apiKey: "k" }, { UPTIME_BASE_URL: "ftp://x.example", UPTIME_TIME_ZONE: "Mars/Base" })).toEqual([
      "UPTIME_BASE_URL must be an http or https URL; got ftp:.",
      'UPTIME_TIME_ZONE is not a known IANA time zone: "Mars/Base"; use a name such as Europe/Berlin, or UTC (the default).',
    ]);
    expect(problems({ ...usable, maxRetries: "21", timeoutMs: "fast" })).toEqual([
      'uptime:maxRetries must be a whole number from 0 to 20; got "21".',
      'uptime:timeoutMs must be a whole number from 1,000 to 600,000; got "fast".',
    ]);
  });

  it("a bad proxy or CA names its setting and never repeats the proxy URL", () => {
    const found = problems(
      { ...usable, caCertificates: "-----BEGIN CERTIFICATE----- cut" },
      {
        UPTIME_PROXY_URL: "socks5://u:pw-secret@proxy:1080",
      },
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^UPTIME_PROXY_URL must start with http:\/\/ or https:\/\//);
    expect(found[1]).toMatch(/^uptime:caCertificates holds no complete PEM certificate/);
    expect(found.join(" ")).not.toContain("pw-secret");
  });

  it("bad monitor defaults are named under the defaults setting", () => {
    expect(problems({ ...usable, defaults: '{"interval": 7}' })[0]).toMatch(/^uptime:defaults\.interval/);
  });
});

describe("numbers and the zone", () => {
  it("an unset number is its default; requestsPerMinute has none", () => {
    const s = resolveSettings(usable, {});
    expect(numericSetting("maxRetries", s)).toEqual({ value: 7 });
    expect(numericSetting("timeoutMs", s)).toEqual({ value: 30_000 });
    expect(numericSetting("requestsPerMinute", s)).toEqual({ value: undefined });
  });

  it("a number given as text is read as its number", () => {
    expect(numericSetting("requestsPerMinute", resolveSettings({ requestsPerMinute: " 120 " }, {}))).toEqual({
      value: 120,
    });
  });

  it("an unknown zone falls back to UTC; a known one is kept", () => {
    expect(usableTimeZone(resolveSettings({ timeZone: "Nowhere/City" }, {}))).toBe("UTC");
    expect(usableTimeZone(resolveSettings({ timeZone: "Asia/Tokyo" }, {}))).toBe("Asia/Tokyo");
  });
});

describe("the client options", () => {
  it("carry the values, one attempt more than maxRetries, and the names the user set", () => {
    const o = clientOptionsFor(
      { ...usable, maxRetries: "2", requestsPerMinute: "60", timeoutMs: "5000" },
      { UPTIME_PROXY_URL: "http://proxy.example:3128", UPTIME_TIME_ZONE: "Europe/Berlin" },
    );
    expect(o).toEqual({
      baseUrl: usable.baseUrl,
      apiKey: usable.apiKey,
      timeZone: "Europe/Berlin",
      requestsPerMinute: 60,
      timeoutMs: 5000,
      retry: { maxAttempts: 3 },
      proxyUrl: "http://proxy.example:3128",
      caCertificates: undefined,
      settingNames: {
        baseUrl: "uptime:baseUrl",
        proxyUrl: "UPTIME_PROXY_URL",
        caCertificates: "uptime:caCertificates",
      },
    });
  });

  it("the default is eight attempts", () => {
    expect(clientOptionsFor(usable, {}).retry).toEqual({ maxAttempts: 8 });
  });

  it("are refused with every problem at once", () => {
    expect(() => clientOptionsFor({ baseUrl: "nope", apiKey: "k", timeoutMs: "1" }, {})).toThrow(
      /^uptime:baseUrl has no scheme: "nope".* uptime:timeoutMs must be a whole number from 1,000 to 600,000; got "1"\.$/,
    );
  });
});

describe("the provider's client", () => {
  const stack = (values: Record<string, string>) => ({ get: (k: string) => values[k] });
  afterEach(() => configureFromStack(stack({})));

  it("is kept while the stack's settings stay the same, and made anew when they change", async () => {
    configureFromStack(stack({ "uptime:baseUrl": "https://one.example", "uptime:apiKey": "key-one" }));
    const first = providerClient();
    expect(first.baseUrl).toBe("https://one.example");
    configureFromStack(stack({ "uptime:baseUrl": "https://one.example", "uptime:apiKey": "key-one" }));
    expect(providerClient()).toBe(first);
    configureFromStack(stack({ "uptime:baseUrl": "https://two.example", "uptime:apiKey": "key-one" }));
    const second = providerClient();
    expect(second).not.toBe(first);
    expect(second.baseUrl).toBe("https://two.example");
    await Promise.all([first.close(), second.close()]);
  });

  it("reads blank stack values as unset", () => {
    configureFromStack(stack({ "uptime:baseUrl": "", "uptime:apiKey": "key-one" }));
    expect(resolveSettings(undefined, {}).from.baseUrl).toBeUndefined();
  });
});
