/**
 * The keys the doors add beside a resource's fields (keys.ts), and how a message names a
 * resource (resource-label.ts): the engine's own key is dropped from what a write echoes,
 * computed fields follow the inputs, a URN is read only when it is one, and a label uses the
 * name, else the id, else the kind.
 */
import { describe, expect, it } from "vitest";
import { echoedWithComputed, resourceUrn, stripInternal } from "../../src/runtime/keys";
import { resourceLabel } from "../../src/runtime/resource-label";

describe("inputs and outputs", () => {
  it("the engine's __provider key is dropped and nothing else", () => {
    expect(stripInternal({ __provider: "p", name: "a", __resourceName: "r" })).toEqual({
      name: "a",
      __resourceName: "r",
    });
  });

  it("a write's outputs are the inputs echoed, then the computed fields as the service returned them", () => {
    const outs = echoedWithComputed({ __provider: "p", name: "a", interval: 60 }, { id: 7, status: "up", name: "b" }, [
      "id",
      "status",
    ]);
    expect(outs).toEqual({ name: "a", interval: 60, id: 7, status: "up" });
    expect(Object.keys(outs)).toEqual(["name", "interval", "id", "status"]);
  });

  it("a URN is read only when it is one", () => {
    expect(resourceUrn({ __urn: "urn:pulumi:dev::p::uptime:index:Monitor::api" })).toBe(
      "urn:pulumi:dev::p::uptime:index:Monitor::api",
    );
    expect(resourceUrn({ __urn: "not-a-urn" })).toBeUndefined();
    expect(resourceUrn({ __urn: 5 })).toBeUndefined();
    expect(resourceUrn(undefined)).toBeUndefined();
  });
});

describe("labels", () => {
  it("name a resource by its name, else its id, else its kind", () => {
    expect(resourceLabel("Monitor", "api", 3)).toBe('Monitor "api"');
    expect(resourceLabel("Incident", "", 42)).toBe("Incident 42");
    expect(resourceLabel("Incident", undefined, "42")).toBe("Incident 42");
    expect(resourceLabel("Monitor", 5, 0)).toBe("Monitor 0");
    expect(resourceLabel("Monitor", undefined, "")).toBe("Monitor");
    expect(resourceLabel("Monitor", undefined)).toBe("Monitor");
  });
});
