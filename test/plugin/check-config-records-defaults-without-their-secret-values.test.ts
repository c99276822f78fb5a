/**
 * The engine sends CheckConfig no secret marks and puts them back only on what it returns
 * unmarked. So the plugin records `defaults` holding header values or alert targets twice:
 * without those values and unmarked (the engine marks it as the program did, which the policy
 * pack reads), and whole under `_defaultsHeld`, secret. Configure and DiffConfig use the whole one.
 */
import { describe, expect, it } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { isSecret, outsideSecrets, PluginUnderTest, secret, struct } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const URN = "urn:pulumi:test::p::pulumi:providers:uptime::team";
const TOKEN = "Bearer defaults-token-7d2f";
const ONCALL = "oncall-7d2f@example.com";
const base = { baseUrl: "https://uptime.example.com", apiKey: "k" };
const defaults = {
  interval: 300,
  requestHeaders: [
    { key: "Authorization", value: TOKEN },
    { key: "Accept", value: "application/json" },
  ],
  alerts: [{ key: "email", value: ONCALL }],
};

const env = fileFixture(async () => {
  const plugin = await PluginUnderTest.start();
  return { plugin, close: () => plugin.close() };
});

async function checkConfig(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  const resp = await env.plugin.call<proto.CheckRequest, proto.CheckResponse>(
    "checkConfig",
    new proto.CheckRequest().setUrn(URN).setNews(struct(news)),
  );
  expect(resp.getFailuresList().map((f) => f.getReason())).toEqual([]);
  return resp.getInputs()!.toJavaScript() as Record<string, unknown>;
}

describe("CheckConfig's record of the defaults", () => {
  it("shows defaults without header values and alert targets, unmarked, and holds the whole setting secret", async () => {
    const inputs = await checkConfig({ ...base, defaults });
    expect(inputs.defaults).toEqual({
      interval: 300,
      requestHeaders: [{ key: "Authorization" }, { key: "Accept" }],
      alerts: [{ key: "email" }],
    });
    expect(isSecret(inputs._defaultsHeld)).toBe(true);
    expect((inputs._defaultsHeld as { value: unknown }).value).toEqual(defaults);
    const outside = JSON.stringify(outsideSecrets(inputs));
    expect(outside).not.toContain("defaults-token");
    expect(outside).not.toContain(ONCALL);
  });

  it("reads stack config's JSON text the same way, holding the text itself", async () => {
    const text = JSON.stringify(defaults);
    const inputs = await checkConfig({ ...base, defaults: text });
    expect(inputs.defaults).toEqual({
      interval: 300,
      requestHeaders: [{ key: "Authorization" }, { key: "Accept" }],
      alerts: [{ key: "email" }],
    });
    expect(inputs._defaultsHeld).toEqual(secret(text));
  });

  it("records defaults without secret parts as given, and never a held setting the program sent itself", async () => {
    const inputs = await checkConfig({ ...base, defaults: { interval: 600 }, _defaultsHeld: { interval: 60 } });
    expect(inputs.defaults).toEqual({ interval: 600 });
    expect(inputs).not.toHaveProperty("_defaultsHeld");
  });

  it("DiffConfig compares the held settings: a changed header value is a change, the same one is none", async () => {
    const olds = await checkConfig({ ...base, defaults });
    const changed = {
      ...defaults,
      requestHeaders: [{ key: "Authorization", value: `${TOKEN}-rotated` }, defaults.requestHeaders[1]],
    };
    const diff = async (news: Record<string, unknown>) => {
      const resp = await env.plugin.call<proto.DiffRequest, proto.DiffResponse>(
        "diffConfig",
        new proto.DiffRequest().setUrn(URN).setOlds(struct(olds)).setNews(struct(news)),
      );
      return resp.getDiffsList();
    };
    expect(await diff(await checkConfig({ ...base, defaults: changed }))).toEqual(["defaults"]);
    expect(await diff(await checkConfig({ ...base, defaults }))).toEqual([]);
  });

  it("Configure with the recorded settings gives monitors the held header values", async () => {
    await env.plugin.configure(await checkConfig({ ...base, defaults }));
    const { inputs, failures } = await env.plugin.check("Monitor", "api", { url: "https://api.example.com/health" });
    expect(failures).toEqual([]);
    expect(isSecret(inputs.requestHeaders)).toBe(true);
    expect((inputs.requestHeaders as { value: unknown }).value).toEqual(defaults.requestHeaders);
  });
});
