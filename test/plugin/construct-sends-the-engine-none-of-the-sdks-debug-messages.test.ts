/**
 * The plugin's component server keeps the SDK's debug messages from the engine: with the
 * engine's address, the SDK sends one for each step of each registration, one at a time for
 * the whole process, and a Construct answers only once its own are through, behind those of
 * every other Construct (docs/performance.md, ServiceMonitors). The component and its
 * children still register at the engine's monitor.
 */
import { describe, expect, it } from "vitest";
import type * as proto from "@pulumi/pulumi/proto/provider_pb";
import { checkoutComponent } from "./helpers";
import { call, standInEngineAndPlugin } from "./stand-in-engine";

describe("Construct and the engine's log", () => {
  const running = standInEngineAndPlugin();

  it("registers the component and its children and logs nothing at the engine", async () => {
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: "https://internal.example.com",
      interval: 300,
      checks: { health: { path: "/health" }, search: { path: "/search" } },
    }).setMonitorendpoint(running.engine.address);
    const resp = await call<proto.ConstructRequest, proto.ConstructResponse>(running.plugin.client, "construct", req);

    expect(resp.getUrn()).toBe("urn:pulumi:dev::p::uptime:index:ServiceMonitors::checkout");
    expect(running.engine.registered.map((r) => r.getName()).sort()).toEqual([
      "checkout",
      "checkout-health",
      "checkout-search",
    ]);
    expect(running.engine.logged).toEqual([]);
  }, 30_000);
});
