/**
 * `pulumi do` (CLI 3.257 and later) configures the provider with a null in `args` for every
 * setting it was not given, and the engine copies each arg into the deprecated `variables`
 * map as text, a null as the string "null". The settings come from `args` whenever the
 * request has them, a null meaning "not given" (so the stack config or UPTIME_* fill it);
 * the variables count only for an engine that sends no `args` (an empty struct).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { PluginUnderTest, struct } from "./helpers";
import { startTestServer, DEFAULT_API_KEY, type UptimeServer } from "../support/server";
import { PROVIDER_CONFIG_FIELDS } from "../../src/schemas";

let server: UptimeServer;
let plugin: PluginUnderTest;
beforeAll(async () => {
  [server, plugin] = await Promise.all([startTestServer(), PluginUnderTest.start()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plugin?.close(), server?.close()]);
});
afterEach(() => vi.unstubAllEnvs());

/** Every setting null in `args`, and "null" in `variables`, as `pulumi do` sends them. */
const nullArgs = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [f.name, null]));
const nullVariables = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [`uptime:${f.name}`, "null"]));

/** The settings taken from the environment, where `pulumi do --stateless` users put them. */
function settingsInEnvironment(): void {
  vi.stubEnv("PULUMI_CONFIG", "{}");
  vi.stubEnv("UPTIME_BASE_URL", server.url);
  vi.stubEnv("UPTIME_API_KEY", DEFAULT_API_KEY);
}

describe("Configure as `pulumi do` sends it", () => {
  it("passes CheckConfig with every setting null, the rest from UPTIME_*", async () => {
    settingsInEnvironment();
    const res = await plugin.call<proto.CheckRequest, proto.CheckResponse>(
      "checkConfig",
      new proto.CheckRequest().setUrn("urn:pulumi:do::p::pulumi:providers:uptime::default").setNews(struct(nullArgs)),
    );
    expect(res.getFailuresList().map((f) => f.getReason())).toEqual([]);
  });

  it("reads the service named in UPTIME_*, never the text null of the variables", async () => {
    settingsInEnvironment();
    await plugin.configure(nullArgs, nullVariables);
    const { result, failures } = await plugin.invoke("getMonitors", {});
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ monitors: [] });
  });

  it("takes an arg over a different variable, and a null arg as not given", async () => {
    vi.stubEnv("PULUMI_CONFIG", "{}");
    vi.stubEnv("UPTIME_API_KEY", DEFAULT_API_KEY);
    // The variable points elsewhere: were it read, the call would fail to connect.
    await plugin.configure(
      { ...nullArgs, baseUrl: server.url },
      { ...nullVariables, "uptime:baseUrl": "http://127.0.0.1:9", "uptime:apiKey": "stale-key" },
    );
    expect((await plugin.invoke("getMonitors", {})).failures).toEqual([]);
  });

  it("still takes the variables from an engine that sends no args", async () => {
    vi.stubEnv("PULUMI_CONFIG", "{}");
    await plugin.configure({}, { "uptime:baseUrl": server.url, "uptime:config:apiKey": DEFAULT_API_KEY });
    expect((await plugin.invoke("getMonitors", {})).failures).toEqual([]);
  });
});
