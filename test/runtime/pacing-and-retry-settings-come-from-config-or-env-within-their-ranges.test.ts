/**
 * `requestsPerMinute`, `maxRetries` and `timeoutMs` through the dynamic door: read from
 * stack config (strings, as `configure` hands them) or the environment, coerced to whole
 * numbers, given to the providers' client; a value out of range or not a whole number
 * fails `check` (so `preview`) before any request, naming the setting as the user set it
 * and the allowed range.
 */
import { describe, expect, it } from "vitest";
import { monitor } from "../../src/dynamic/runtime";
import { clientFor, configureFromStack, numericSetting, resolveSettings } from "../../src/runtime/config";
import { keepEnv, providerHarness } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => providerHarness());

const ENV_KEYS = ["UPTIME_REQUESTS_PER_MINUTE", "UPTIME_MAX_RETRIES", "UPTIME_TIMEOUT_MS"] as const;
const setEnv = keepEnv(ENV_KEYS, () => h.reconfigure());

/** Configures the runtime as `configure` would: the server's URL and key plus `values`, and `env`. */
function configure(values: Record<string, string>, env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}): void {
  setEnv(env);
  const all: Record<string, string> = { "uptime:baseUrl": h.server.url, "uptime:apiKey": "k", ...values };
  configureFromStack({ get: (k) => all[k] });
}

const declared = { name: "Paced", url: "https://p.example.com", interval: 60, __resourceName: "p" };

async function reasons(): Promise<string[]> {
  return ((await monitor.check({}, declared)).failures ?? []).map((f) => f.reason);
}

describe("pacing and retry settings", () => {
  it("default to no pacing, 7 retries and 30 s per attempt", () => {
    configure({});
    const c = clientFor(resolveSettings());
    expect([c.requestsPerMinute, c.retry.maxAttempts, c.timeoutMs]).toEqual([undefined, 8, 30_000]);
  });

  it("come from stack config as strings, coerced to numbers, and reach the client", () => {
    configure({ "uptime:requestsPerMinute": "300", "uptime:maxRetries": "0", "uptime:timeoutMs": " 5000 " });
    const c = clientFor(resolveSettings());
    expect([c.requestsPerMinute, c.retry.maxAttempts, c.timeoutMs]).toEqual([300, 1, 5000]);
  });

  it("come from UPTIME_REQUESTS_PER_MINUTE, UPTIME_MAX_RETRIES and UPTIME_TIMEOUT_MS when the stack config has none; the stack config wins", () => {
    configure({}, { UPTIME_REQUESTS_PER_MINUTE: "30", UPTIME_MAX_RETRIES: "20", UPTIME_TIMEOUT_MS: "600000" });
    let c = clientFor(resolveSettings());
    expect([c.requestsPerMinute, c.retry.maxAttempts, c.timeoutMs]).toEqual([30, 21, 600_000]);
    configure({ "uptime:requestsPerMinute": "60" }, { UPTIME_REQUESTS_PER_MINUTE: "30" });
    c = clientFor(resolveSettings());
    expect(c.requestsPerMinute).toBe(60);
  });

  it.each([
    ["requestsPerMinute", "0", "from 1 to 60,000"],
    ["requestsPerMinute", "60001", "from 1 to 60,000"],
    ["requestsPerMinute", "12.5", "from 1 to 60,000"],
    ["maxRetries", "-1", "from 0 to 20"],
    ["maxRetries", "21", "from 0 to 20"],
    ["maxRetries", "three", "from 0 to 20"],
    ["timeoutMs", "999", "from 1,000 to 600,000"],
    ["timeoutMs", "600001", "from 1,000 to 600,000"],
    ["timeoutMs", "30s", "from 1,000 to 600,000"],
  ])("%s = %j fails check naming uptime:%s and the range, before any request", async (name, value, range) => {
    configure({ [`uptime:${name}`]: value });
    const from = h.server.requests.length;
    expect(await reasons()).toEqual([`uptime:${name} must be a whole number ${range}; got ${JSON.stringify(value)}.`]);
    expect(h.server.requests.length).toBe(from);
  });

  it("names the environment variable when the bad value came from there", async () => {
    configure({}, { UPTIME_TIMEOUT_MS: "0", UPTIME_REQUESTS_PER_MINUTE: "fast" });
    expect(await reasons()).toEqual([
      'UPTIME_REQUESTS_PER_MINUTE must be a whole number from 1 to 60,000; got "fast".',
      'UPTIME_TIMEOUT_MS must be a whole number from 1,000 to 600,000; got "0".',
    ]);
  });

  it("reads the ends of each range as valid", () => {
    for (const [key, value] of [
      ["requestsPerMinute", 1],
      ["requestsPerMinute", 60_000],
      ["maxRetries", 0],
      ["maxRetries", 20],
      ["timeoutMs", 1000],
      ["timeoutMs", 600_000],
    ] as const) {
      expect(numericSetting(key, resolveSettings({ [key]: String(value) }))).toEqual({ value });
    }
  });
});
