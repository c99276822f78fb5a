/**
 * The resource classes' types are the ones generated from the schemas: a field added,
 * renamed, restricted or documented in src/schemas reaches `MonitorArgs` and the outputs,
 * or this fails until `npm run generate` is run.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCE_TYPES_PATH, resourceTypesSource } from "../../src/generate/resource-types";
import { INCIDENT_FIELDS, MONITOR_FIELDS } from "../../src/schemas/resources";

const committed = readFileSync(resolve(__dirname, "..", "..", RESOURCE_TYPES_PATH), "utf8");
const generated = resourceTypesSource();

/** The member names of one generated interface. */
function members(source: string, name: string): string[] {
  const body = source.split(`export interface ${name} {`)[1].split("\n}")[0];
  return [...body.matchAll(/^\s+(?:readonly )?(\w+)\??:/gm)].map((m) => m[1]);
}

describe("generated resource types", () => {
  it("are what the schemas generate (run `npm run generate` after changing them)", () => {
    expect(committed).toBe(generated);
  });

  it("declare every input and output field of the schemas, under its program name", () => {
    expect(members(generated, "MonitorArgs")).toEqual(
      [...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider].map((f) => f.name),
    );
    expect(members(generated, "MonitorOutputs").sort()).toEqual(
      [...MONITOR_FIELDS.computed, ...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider.filter((f) => !f.providerOnly)]
        .map((f) => f.name)
        .sort(),
    );
    expect(members(generated, "IncidentArgs")).toEqual(INCIDENT_FIELDS.api.map((f) => f.name));
    expect(members(generated, "IncidentOutputs").sort()).toEqual(
      [...INCIDENT_FIELDS.computed, ...INCIDENT_FIELDS.api].map((f) => f.name).sort(),
    );
  });

  it("carry each field's description, allowed values and secrecy", () => {
    const interval = MONITOR_FIELDS.api.find((f) => f.name === "interval")!;
    expect(generated).toContain(
      `/** ${interval.description} Allowed: ${interval.allowed!.join(", ")}. On change: update in place. */\n  interval?: pulumi.Input<Interval>;`,
    );
    expect(generated).toMatch(/Secret in state\. \*\/\n {2}alerts\?: pulumi\.Input<pulumi\.Input<AlertArgs>\[\]>;/);
    expect(generated).toContain("url: pulumi.Input<string>;");
    // Omitted, the provider generates the name (autonaming).
    expect(generated).toContain("name?: pulumi.Input<string>;");
    expect(generated).toContain("adoptId?: pulumi.Input<number>;");
  });
});
