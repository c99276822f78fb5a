/**
 * Configure: a provider's own inputs win, then the stack's `uptime:*` config (PULUMI_CONFIG),
 * then the environment. Two plugin processes configured differently (two explicit
 * providers) write to two services. CheckConfig names a bad or missing setting without
 * repeating the key.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { providerConfigFailures, settingsFrom } from "../../src/plugin/plugin-settings";
import { PluginUnderTest, isSecret, monitorInputs, secret, struct } from "./helpers";
import { startTestServer, type UptimeServer } from "../support/server";

describe("Provider settings", () => {
  it("come from the provider's inputs, then the stack config, then nothing (the environment fills the rest at use)", () => {
    // The stack config as the engine passes it to the plugin.
    vi.stubEnv(
      "PULUMI_CONFIG",
      JSON.stringify({ baseUrl: "https://stack.example.com", apiKey: "stack-key", timeZone: "Europe/Berlin" }),
    );
    try {
      expect(settingsFrom({ baseUrl: "https://own.example.com" }, {})).toEqual({
        baseUrl: "https://own.example.com",
        apiKey: "stack-key",
        timeZone: "Europe/Berlin",
      });
      expect(settingsFrom({}, { "uptime:config:apiKey": "variable-key" }).apiKey).toBe("variable-key");
      expect(settingsFrom({}, {}, {})).toEqual({ baseUrl: undefined, apiKey: undefined, timeZone: undefined });
      vi.stubEnv("PULUMI_CONFIG", "not json");
      expect(settingsFrom({}, {})).toEqual({ baseUrl: undefined, apiKey: undefined, timeZone: undefined });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("are checked, naming the setting and never repeating the key", () => {
    const key = "very-secret-key-value";
    expect(providerConfigFailures({ baseUrl: "ftp://x", apiKey: key, timeZone: "Mars/Olympus" }, {})).toEqual([
      { property: "baseUrl", reason: 'baseUrl: "ftp://x" is not a valid http or https URL' },
      { property: "timeZone", reason: 'timeZone: "Mars/Olympus" is not a time zone name (IANA, e.g. Europe/Berlin)' },
    ]);
    expect(providerConfigFailures({ baseUrl: "https://x.example.com", apiKey: key, region: "eu" }, {})).toEqual([
      {
        property: "region",
        reason:
          "region: is not a setting of the uptime provider; allowed: baseUrl, apiKey, timeZone, requestsPerMinute, maxRetries, timeoutMs, proxyUrl, caCertificates, defaults",
      },
    ]);
    const missing = providerConfigFailures({}, {});
    expect(missing).toHaveLength(1);
    expect(missing[0].reason).toMatch(
      /missing the service URL.*uptime:baseUrl.*UPTIME_BASE_URL.*the API key.*uptime:apiKey.*UPTIME_API_KEY/,
    );
    // Unknown during preview (fed by another resource): not judged.
    expect(
      providerConfigFailures(
        { baseUrl: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", apiKey: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" },
        {},
      ),
    ).toEqual([]);
    expect(JSON.stringify(providerConfigFailures({ apiKey: 42 as unknown as string }, {}))).not.toContain("42");
  });
});

describe("Two configured plugins", () => {
  let a: UptimeServer;
  let b: UptimeServer;
  let one: PluginUnderTest;
  let two: PluginUnderTest;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestServer({ accounts: [{ apiKey: "key-a", name: "a" }] }),
      startTestServer({ accounts: [{ apiKey: "key-b", name: "b" }] }),
    ]);
    [one, two] = await Promise.all([PluginUnderTest.start(), PluginUnderTest.start()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all([a?.close(), b?.close()]);
  });

  it("each write to the service of their own inputs", async () => {
    const configured = await one.configure({ baseUrl: a.url, apiKey: secret("key-a") });
    expect(configured.getAcceptsecrets() && configured.getSupportspreview() && configured.getAcceptresources()).toBe(
      true,
    );
    await two.configure({}, { "uptime:config:baseUrl": b.url, "uptime:config:apiKey": "key-b" });
    const onA = await one.create(
      "Monitor",
      "m",
      (await one.check("Monitor", "m", monitorInputs({ name: "on a" }))).inputs,
    );
    const onB = await two.create(
      "Monitor",
      "m",
      (await two.check("Monitor", "m", monitorInputs({ name: "on b" }))).inputs,
    );
    expect(onA.outs.monitorId).toBe(1);
    expect(onB.outs.monitorId).toBe(1);
    expect(a.writeCount()).toBe(1);
    expect(b.writeCount()).toBe(1);
  });

  it("CheckConfig answers with the key secret and failures by setting", async () => {
    const res = await one.call<proto.CheckRequest, proto.CheckResponse>(
      "checkConfig",
      new proto.CheckRequest()
        .setUrn("urn:pulumi:test::p::pulumi:providers:uptime::default")
        .setNews(struct({ baseUrl: "nope", apiKey: "k-123" })),
    );
    expect(isSecret(res.getInputs()!.toJavaScript().apiKey)).toBe(true);
    expect(res.getFailuresList().map((f) => f.getProperty())).toEqual(["baseUrl"]);
  });
});
