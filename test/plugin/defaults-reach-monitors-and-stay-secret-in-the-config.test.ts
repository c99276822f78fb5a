/**
 * The plugin's door for the `defaults` setting: CheckConfig judges it (naming
 * `defaults.<field>`) and keeps the alert targets of defaults secret in the provider's
 * recorded settings; after Configure, a monitor's check carries the defaults, its alerts
 * secret; DiffConfig reads JSON text and an object of the same defaults as no change.
 */
import { describe, expect, it } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { isSecret, PluginUnderTest, secret, struct } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const base = { baseUrl: "https://uptime.example.com", apiKey: secret("k") };
const defaults = { interval: 300, alerts: [{ key: "email", value: "oncall@example.com" }], namePrefix: "sre-" };

const env = fileFixture(async () => {
  const plugin = await PluginUnderTest.start();
  return { plugin, close: () => plugin.close() };
});

async function checkConfig(news: Record<string, unknown>) {
  const resp = await env.plugin.call<proto.CheckRequest, proto.CheckResponse>(
    "checkConfig",
    new proto.CheckRequest().setUrn("urn:pulumi:test::p::pulumi:providers:uptime::default").setNews(struct(news)),
  );
  return {
    inputs: resp.getInputs()!.toJavaScript() as Record<string, unknown>,
    failures: resp.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
  };
}

describe("the defaults setting through the plugin", () => {
  it("CheckConfig accepts defaults as JSON text (stack config) and keeps those with alerts secret", async () => {
    const { inputs, failures } = await checkConfig({ ...base, defaults: JSON.stringify(defaults) });
    expect(failures).toEqual([]);
    // Held whole and secret; shown without the alert target (check-config-records-defaults-… says why).
    expect(isSecret(inputs._defaultsHeld)).toBe(true);
    expect(JSON.stringify(inputs.defaults)).not.toContain("oncall@example.com");
    const plain = await checkConfig({ ...base, defaults: { interval: 300 } });
    expect(plain.failures).toEqual([]);
    expect(plain.inputs.defaults).toEqual({ interval: 300 });
  });

  it("CheckConfig fails a bad default naming defaults.<field> and the allowed values", async () => {
    const { failures } = await checkConfig({ ...base, defaults: '{"interval": 45, "alertCondition": "down"}' });
    expect(failures).toEqual([
      { property: "", reason: "defaults.interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600" },
      { property: "", reason: 'defaults.alertCondition: "down" is not one of url_unavailable, url_text, url_no_text' },
    ]);
  });

  it("after Configure a monitor's check carries the defaults, its alerts secret, its generated name prefixed", async () => {
    await env.plugin.configure({ ...base, defaults: secret(JSON.stringify(defaults)) });
    const { inputs, failures } = await env.plugin.check("Monitor", "api", { url: "https://api.example.com/health" });
    expect(failures).toEqual([]);
    expect(inputs.interval).toBe(300);
    expect(isSecret(inputs.alerts)).toBe(true);
    expect((inputs.alerts as { value: unknown }).value).toEqual(defaults.alerts);
    expect(inputs.name).toMatch(/^sre-api-[a-z0-9]{7}$/);
    const own = await env.plugin.check("Monitor", "own", { url: "https://api.example.com/health", interval: 60 });
    expect(own.inputs.interval).toBe(60);
  });

  it("DiffConfig sees the same defaults as JSON text and as an object as no change, and a new one as a change", async () => {
    const diff = async (olds: unknown, news: unknown) => {
      const resp = await env.plugin.call<proto.DiffRequest, proto.DiffResponse>(
        "diffConfig",
        new proto.DiffRequest()
          .setUrn("urn:pulumi:test::p::pulumi:providers:uptime::default")
          .setOlds(struct({ defaults: olds }))
          .setNews(struct({ defaults: news })),
      );
      return resp.getDiffsList();
    };
    expect(await diff(JSON.stringify({ interval: 300 }), { interval: 300 })).toEqual([]);
    expect(await diff({ interval: 300 }, { interval: 600 })).toEqual(["defaults"]);
  });
});
