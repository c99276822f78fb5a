/**
 * `diff` sees every resource's old state before any delete of the run, so it records which
 * monitor each resource manages: a later delete of another resource that managed the same
 * monitor leaves it to this one. Only a resource the engine names by URN, whose state holds
 * a monitor id, claims anything.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { monitorChanges } from "../../../src/runtime/monitor/diff-monitor";
import { monitorClaims } from "../../../src/runtime/monitor/claims";
import { monitorUrn, runMonitor } from "../../support/run-resources";

beforeEach(() => monitorClaims.clear());

const state = (monitorId: number) => ({ name: "API", url: "https://claims.example.com", interval: 60, monitorId });

describe("a monitor's diff", () => {
  it("records the monitor its state holds as managed by the resource, labelled with the resource's name", () => {
    monitorChanges(state(7), runMonitor("api-resource", { name: "API" }));
    expect(monitorClaims.managedByAnother(monitorUrn("other"), 7)).toEqual({
      urn: monitorUrn("api-resource"),
      label: 'Monitor "api-resource"',
    });
    expect(monitorClaims.managedByAnother(monitorUrn("api-resource"), 7)).toBeUndefined();
  });

  it("labels the claim with the monitor's name when the resource's name is not known", () => {
    const { __resourceName: _, ...unnamed } = runMonitor("api-resource", { name: "API" });
    monitorChanges(state(7), unnamed);
    expect(monitorClaims.managedByAnother(monitorUrn("other"), 7)?.label).toBe('Monitor "API"');
  });

  it("claims nothing without the resource's URN", () => {
    monitorChanges(state(7), { name: "API", url: "https://claims.example.com", interval: 60 });
    expect(monitorClaims.managedByAnother(monitorUrn("other"), 7)).toBeUndefined();
  });
});
