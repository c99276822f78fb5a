/**
 * Construct through the plugin's process as the engine starts it (dist/plugin/main.js): the
 * component and one Monitor per check register at the engine's monitor (here a stand-in
 * that records each registration) through the Node.js SDK's public provider server, in the
 * plugin's component server. The children go to the provider Configure named, carry the
 * component's `deletedWith` and custom timeouts, keep secret-fed arguments secret, and the
 * response names the children each output comes from. Without a provider from Configure, the
 * children take the component's (its providers map), not the default provider.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { checkoutComponent, isSecret, secret, struct } from "./helpers";
import { call, standInEngineAndPlugin } from "./stand-in-engine";

const PROVIDER_REF = "urn:pulumi:dev::p::pulumi:providers:uptime::team::0b9f6c1e";
const OTHER_PROVIDER_REF = "urn:pulumi:dev::p::pulumi:providers:uptime::other::5d1c0a7e";
const FEEDER = "urn:pulumi:dev::p::random:index:RandomString::suffix";
const ANCHOR = "urn:pulumi:dev::p::aws:s3:Bucket::anchor";

describe("Construct through the SDK's provider server", () => {
  const running = standInEngineAndPlugin();
  /** Configure, naming this provider (`urn`, `id`) as the engine does, or not, as older engines did. */
  const configure = (urn = "", id = "") =>
    call(
      running.plugin.client,
      "configure",
      new proto.ConfigureRequest()
        .setArgs(struct({ baseUrl: "http://127.0.0.1:9", apiKey: secret("k"), defaults: '{"interval":900}' }))
        .setUrn(urn)
        .setId(id),
    );
  beforeAll(async () => {
    const [urn, id] = [PROVIDER_REF.slice(0, PROVIDER_REF.lastIndexOf("::")), "0b9f6c1e"];
    await configure(urn, id);
  }, 30_000);

  it("registers the component and its children with the component's options", async () => {
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: secret("https://internal.example.com"),
      checks: { health: { path: "/health" }, search: { path: "/search" } },
    })
      .setMonitorendpoint(running.engine.address)
      .setDeletedwith(ANCHOR)
      .setCustomtimeouts(new proto.ConstructRequest.CustomTimeouts().setCreate("7m").setDelete("3m"));
    req
      .getInputdependenciesMap()
      .set("service", new proto.ConstructRequest.PropertyDependencies().setUrnsList([FEEDER]));
    const resp = await call<proto.ConstructRequest, proto.ConstructResponse>(running.plugin.client, "construct", req);

    const component = running.engine.registered.find((r) => !r.getCustom())!;
    expect(component.getType()).toBe("uptime:index:ServiceMonitors");
    expect(resp.getUrn()).toBe("urn:pulumi:dev::p::uptime:index:ServiceMonitors::checkout");

    const children = running.engine.registered.filter((r) => r.getCustom());
    expect(children.map((c) => c.getName()).sort()).toEqual(["checkout-health", "checkout-search"]);
    for (const child of children) {
      expect(child.getType()).toBe("uptime:index:Monitor");
      expect(child.getParent()).toBe(resp.getUrn());
      expect(child.getProvider()).toBe(PROVIDER_REF);
      expect(child.getDeletedwith()).toBe(ANCHOR);
      expect(child.getCustomtimeouts()?.getCreate()).toBe("7m");
      expect(child.getCustomtimeouts()?.getDelete()).toBe("3m");
      expect(child.getDependenciesList()).toContain(FEEDER);
      const object = child.getObject()?.toJavaScript() as Record<string, unknown>;
      expect(isSecret(object.url)).toBe(true);
      expect(isSecret(object.name)).toBe(false);
    }

    const state = resp.getState()?.toJavaScript() as Record<string, Record<string, unknown>>;
    expect(state.monitorIds).toEqual({ health: "id-checkout-health", search: "id-checkout-search" });
    const fedBy = resp.getStatedependenciesMap().get("monitorIds")?.getUrnsList() ?? [];
    expect(fedBy.sort()).toEqual([
      "urn:pulumi:dev::p::uptime:index:ServiceMonitors$uptime:index:Monitor::checkout-health",
      "urn:pulumi:dev::p::uptime:index:ServiceMonitors$uptime:index:Monitor::checkout-search",
    ]);
  }, 30_000);

  it("gives the children the component's provider when Configure named none", async () => {
    await configure();
    running.engine.registered.length = 0;
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: "https://checkout.example.com",
      checks: { health: { path: "/health" } },
    }).setMonitorendpoint(running.engine.address);
    req.getProvidersMap().set("uptime", OTHER_PROVIDER_REF);
    await call(running.plugin.client, "construct", req);
    const children = running.engine.registered.filter((r) => r.getCustom());
    expect(children.map((c) => c.getProvider())).toEqual([OTHER_PROVIDER_REF]);
  }, 30_000);
});
