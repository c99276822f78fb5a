/**
 * The check's choice of a name for a monitor declared without one: the engine's proposed
 * name by mode, the default pattern where the engine proposes none (the dynamic provider
 * host), a name kept from the old inputs, and the refusals that name the field.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { RESOURCE_NAME_KEY } from "../../src/runtime/keys";
import { UNKNOWN } from "../../src/runtime/unknowns";
import type { Autonaming } from "../../src/runtime/monitor/autoname";

const unnamed = { url: "https://api.example.com/health", interval: 60, [RESOURCE_NAME_KEY]: "api" };

function check(news: Record<string, unknown>, olds?: Record<string, unknown>, autonaming?: Autonaming) {
  return checkMonitor(news, "UTC", undefined, { olds, autonaming });
}

describe("Monitor autonaming at check", () => {
  it("without engine options gives the resource name, a dash and 7 random lowercase letters and digits", () => {
    const first = check(unnamed);
    const second = check(unnamed);
    expect(first.failures).toBeUndefined();
    expect(first.inputs.name).toMatch(/^api-[a-z0-9]{7}$/);
    expect(second.inputs.name).toMatch(/^api-[a-z0-9]{7}$/);
    expect(second.inputs.name).not.toBe(first.inputs.name);
  });

  it("keeps a long resource name's generated name within the 128-character limit", () => {
    const { inputs, failures } = check({ ...unnamed, [RESOURCE_NAME_KEY]: "r".repeat(200) });
    expect(failures).toBeUndefined();
    expect((inputs.name as string).length).toBe(128);
  });

  it("propose uses the proposed name, cut to the limit when too long", () => {
    expect(check(unnamed, undefined, { mode: "propose", proposedName: "dev-api" }).inputs.name).toBe("dev-api");
    expect(
      (check(unnamed, undefined, { mode: "propose", proposedName: "p".repeat(200) }).inputs.name as string).length,
    ).toBe(128);
  });

  it("enforce uses exactly the proposed name, and one the service cannot store fails naming the field", () => {
    expect(check(unnamed, undefined, { mode: "enforce", proposedName: "dev-api" }).inputs.name).toBe("dev-api");
    expect(check(unnamed, undefined, { mode: "enforce", proposedName: "p".repeat(200) }).failures).toEqual([
      { property: "name", reason: "name: must be at most 128 characters" },
    ]);
  });

  it("disable fails at check naming the field, and still reports the other bad properties", () => {
    const { failures } = check({ ...unnamed, interval: 45 }, undefined, { mode: "disable" });
    expect(failures).toEqual([
      {
        property: "name",
        reason:
          "name: is required: autonaming is disabled for this stack (pulumi:autonaming mode: disabled); declare a name",
      },
      expect.objectContaining({ property: "interval" }),
    ]);
  });

  it("keeps the name of the old inputs, whatever the engine proposes now", () => {
    const olds = { ...unnamed, name: "api-k3x9q2z" };
    for (const autonaming of [
      undefined,
      { mode: "propose", proposedName: "other" },
      { mode: "enforce", proposedName: "other" },
      { mode: "disable" },
    ] as const) {
      const { inputs, failures } = check(unnamed, olds, autonaming);
      expect(failures).toBeUndefined();
      expect(inputs.name).toBe("api-k3x9q2z");
    }
  });

  it("a declared name wins over the old and the proposed name (a rename updates in place)", () => {
    const { inputs } = check(
      { ...unnamed, name: "renamed" },
      { ...unnamed, name: "api-k3x9q2z" },
      { mode: "enforce", proposedName: "other" },
    );
    expect(inputs.name).toBe("renamed");
  });

  it("leaves a name that is not known yet (preview) alone", () => {
    expect(check({ ...unnamed, name: UNKNOWN }).inputs.name).toBe(UNKNOWN);
  });

  it("refuses adopt without a name at check, saying adoption finds the monitor by name", () => {
    const { failures } = check({ ...unnamed, adopt: true }, undefined, { mode: "propose", proposedName: "dev-api" });
    expect(failures).toEqual([
      {
        property: "name",
        reason:
          "name: is required with adopt: true, because adoption finds the existing monitor by name; declare the monitor's name, or take it over by id with adoptId",
      },
    ]);
  });

  it('refuses adopt given as config gives it ("true") without a name, as it refuses adopt: true', () => {
    for (const adopt of ["true", "1", 1]) {
      const { failures } = check({ ...unnamed, adopt });
      expect(
        failures?.map((f) => f.property),
        `adopt: ${JSON.stringify(adopt)}`,
      ).toEqual(["name"]);
    }
  });

  it("accepts adoptId without a name: adoption by id needs none", () => {
    const { failures, inputs } = check({ ...unnamed, adoptId: 7 });
    expect(failures).toBeUndefined();
    expect(inputs.name).toMatch(/^api-[a-z0-9]{7}$/);
  });
});
