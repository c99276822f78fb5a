/**
 * `check` sees every resource of a run, so a second resource declaring the name (as the
 * service compares names) or the adoptId of a first fails at preview, naming the first,
 * with its other failures. A check that has no resource URN (validating a file) claims
 * nothing, and so do values unknown at preview.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { checkMonitor } from "../../../src/runtime/monitor/check-monitor";
import { monitorClaims } from "../../../src/runtime/monitor/claims";
import { UNKNOWN } from "../../../src/runtime/unknowns";
import { runMonitor } from "../../support/run-resources";

beforeEach(() => monitorClaims.clear());

const check = (inputs: Record<string, unknown>) => checkMonitor(inputs);
const properties = (inputs: Record<string, unknown>) => (check(inputs).failures ?? []).map((f) => f.property);

describe("a monitor's check", () => {
  it("refuses a name the run's first resource declared in another case, naming that resource", () => {
    expect(check(runMonitor("api", { name: "API health" })).failures).toBeUndefined();
    expect(check(runMonitor("api-copy", { name: "api HEALTH" })).failures).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(/^name: "api HEALTH" is also declared by Monitor "api" \(as "API health"\);/),
      },
    ]);
  });

  it("reports the name taken after the inputs' own failures", () => {
    check(runMonitor("api", { name: "API health" }));
    expect(properties(runMonitor("api-copy", { name: "API health", interval: 7 }))).toEqual(["interval", "name"]);
  });

  it("refuses an adoptId the run's first resource declared, naming that resource", () => {
    check(runMonitor("adopted", { name: "one", adoptId: 12 }));
    const second = check(runMonitor("adopted-again", { name: "two", adoptId: 12 }));
    expect(second.failures).toEqual([
      {
        property: "adoptId",
        reason: expect.stringMatching(/^adoptId: monitor 12 is also adopted by Monitor "adopted";/),
      },
    ]);
  });

  it("names the first by its monitor name when it has no resource name", () => {
    const { __resourceName: _, ...unnamed } = runMonitor("api", { name: "API health" });
    check(unnamed);
    expect(check(runMonitor("api-copy", { name: "API health" })).failures?.[0].reason).toMatch(
      /is also declared by Monitor "API health"/,
    );
  });

  it("claims no name for a monitor refused for lacking one, whose other properties are still checked", () => {
    const required = { property: "name", reason: expect.stringMatching(/^name: is required with adopt: true/) };
    expect(check(runMonitor("first", { adopt: true })).failures).toEqual([required]);
    expect(check(runMonitor("second", { adopt: true, interval: 7 })).failures).toEqual([
      required,
      { property: "interval", reason: expect.stringMatching(/^interval: /) },
    ]);
  });

  it("claims nothing without the resource's URN, as when a file is validated", () => {
    check({ name: "API health", url: "https://claims.example.com", interval: 60, adoptId: 12 });
    expect(check(runMonitor("api", { name: "API health", adoptId: 12 })).failures).toBeUndefined();
  });

  it("claims nothing for a name or adoptId unknown at preview", () => {
    check(runMonitor("api", { name: UNKNOWN, adoptId: UNKNOWN }));
    expect(check(runMonitor("api-copy", { name: UNKNOWN, adoptId: UNKNOWN })).failures).toBeUndefined();
    expect(check(runMonitor("api-other", { name: UNKNOWN })).failures).toBeUndefined();
  });
});
