/**
 * The plugin's door for `requestsPerMinute`, `maxRetries` and `timeoutMs`: an explicit
 * provider's typed inputs (numbers) or the stack config (strings in PULUMI_CONFIG) reach the
 * provider instance's client; CheckConfig fails a value out of range naming the setting and
 * the allowed range, whether it came as an input or from the stack config or environment.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { providerConfigFailures, PluginConnection, settingsFrom } from "../../src/plugin/plugin-settings";

const base = { baseUrl: "https://x.example.com", apiKey: "k" };
const saved = process.env.UPTIME_MAX_RETRIES;
afterEach(() => {
  vi.unstubAllEnvs();
  if (saved === undefined) delete process.env.UPTIME_MAX_RETRIES;
  else process.env.UPTIME_MAX_RETRIES = saved;
});

describe("pacing settings in the plugin", () => {
  it("typed inputs (numbers) and stack config (strings) both reach the instance's client", async () => {
    const fromInputs = new PluginConnection(
      settingsFrom({ ...base, requestsPerMinute: 300, maxRetries: 2, timeoutMs: 4000 }, {}, {}),
    );
    // The stack config as the engine passes it to the plugin.
    vi.stubEnv("PULUMI_CONFIG", JSON.stringify({ ...base, requestsPerMinute: "30", timeoutMs: "9000" }));
    const fromStack = new PluginConnection(settingsFrom({}, {}));
    try {
      const a = fromInputs.client();
      const b = fromStack.client();
      expect([a.requestsPerMinute, a.retry.maxAttempts, a.timeoutMs]).toEqual([300, 3, 4000]);
      expect([b.requestsPerMinute, b.retry.maxAttempts, b.timeoutMs]).toEqual([30, 8, 9000]);
    } finally {
      await fromInputs.close();
      await fromStack.close();
    }
  });

  it("CheckConfig names a bad input and its range", () => {
    expect(providerConfigFailures({ ...base, requestsPerMinute: 0, maxRetries: "many", timeoutMs: 1.5 }, {})).toEqual([
      { property: "requestsPerMinute", reason: "requestsPerMinute: must be a whole number from 1 to 60,000; got 0" },
      { property: "maxRetries", reason: 'maxRetries: must be a whole number from 0 to 20; got "many"' },
      { property: "timeoutMs", reason: "timeoutMs: must be a whole number from 1,000 to 600,000; got 1.5" },
    ]);
    expect(
      providerConfigFailures({ ...base, requestsPerMinute: "300", maxRetries: 20, timeoutMs: "1000" }, {}),
    ).toEqual([]);
  });

  it("CheckConfig names a bad value from the stack config or the environment as set there", () => {
    expect(providerConfigFailures(base, { requestsPerMinute: "99999" })).toEqual([
      { property: "", reason: 'uptime:requestsPerMinute must be a whole number from 1 to 60,000; got "99999".' },
    ]);
    process.env.UPTIME_MAX_RETRIES = "50";
    expect(providerConfigFailures(base, {})).toEqual([
      { property: "", reason: 'UPTIME_MAX_RETRIES must be a whole number from 0 to 20; got "50".' },
    ]);
  });

  it("leaves a value unknown during preview unjudged", () => {
    expect(providerConfigFailures({ ...base, requestsPerMinute: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" }, {})).toEqual(
      [],
    );
  });
});
