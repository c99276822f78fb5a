/**
 * The process's record of which resource manages which monitor (monitor/claims.ts), without
 * the engine: a second resource declaring the same name (as the service compares names) or
 * adopting the same id fails naming the first; a resource checked again replaces its own
 * claims; an id is owned by the first resource that wrote it. (Under the engine, with the
 * local server: two-resources-never-manage-one-monitor.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { describe as describeClaimant, monitorClaims } from "../../src/runtime/monitor/claims";

const a = { urn: "urn:pulumi:dev::p::uptime:index:Monitor::a", label: 'Monitor "a"' };
const b = { urn: "urn:pulumi:dev::p::uptime:index:Monitor::b", label: 'Monitor "b"' };
const twin = { urn: "urn:pulumi:dev::q::uptime:index:Monitor::a", label: 'Monitor "a"' };

afterEach(() => monitorClaims.clear());

describe("names", () => {
  it("a second resource with the same name fails naming the first", () => {
    expect(monitorClaims.check(a, { name: "API" })).toEqual([]);
    const [f] = monitorClaims.check(b, { name: "API" });
    expect(f.property).toBe("name");
    expect(f.reason).toBe(
      'name: "API" is also declared by Monitor "a"; monitor names are unique per account (ignoring case and accents), so ' +
        "both resources would manage one monitor and both would delete it. Declare each monitor once, or give each its own name.",
    );
  });

  it("a name that differs only in case or accents is the same name, and the first spelling is shown", () => {
    monitorClaims.check(a, { name: "Café" });
    expect(monitorClaims.check(b, { name: "cafe" })[0].reason).toMatch(
      /^name: "cafe" is also declared by Monitor "a" \(as "Café"\);/,
    );
  });

  it("two resources with the same label are told apart by their URNs", () => {
    monitorClaims.check(a, { name: "x" });
    expect(monitorClaims.check(twin, { name: "x" })[0].reason).toContain(`declared by Monitor "a" (${a.urn});`);
    expect(describeClaimant(a)).toBe('Monitor "a"');
    expect(describeClaimant(a, b)).toBe('Monitor "a"');
  });

  it("a resource checked again replaces its own claim, freeing its old name", () => {
    monitorClaims.check(a, { name: "old" });
    expect(monitorClaims.check(a, { name: "old" })).toEqual([]);
    monitorClaims.check(a, { name: "new" });
    expect(monitorClaims.check(b, { name: "old" })).toEqual([]);
  });

  it("an empty or unknown name claims nothing", () => {
    monitorClaims.check(a, { name: "" });
    monitorClaims.check(a, { name: 5 });
    expect(monitorClaims.check(b, { name: "" })).toEqual([]);
  });
});

describe("adopted ids", () => {
  it("a second resource adopting the same monitor fails naming the first", () => {
    expect(monitorClaims.check(a, { adoptId: 12 })).toEqual([]);
    const [f] = monitorClaims.check(b, { adoptId: 12, name: "other" });
    expect(f.property).toBe("adoptId");
    expect(f.reason).toBe(
      'adoptId: monitor 12 is also adopted by Monitor "a"; two resources must not manage one monitor (both would write it and ' +
        "both would delete it). Adopt it once.",
    );
    expect(monitorClaims.check(b, { adoptId: 13 })).toEqual([]);
    monitorClaims.check(a, { adoptId: 14 });
    expect(monitorClaims.check(b, { adoptId: 12 })).toEqual([]);
  });
});

describe("ids written", () => {
  it("belong to the first resource that wrote them", () => {
    expect(monitorClaims.own(a, 7)).toBeUndefined();
    expect(monitorClaims.own(a, 7)).toBeUndefined();
    expect(monitorClaims.own(b, 7)).toEqual(a);
    expect(monitorClaims.managedByAnother(b.urn, 7)).toEqual(a);
    expect(monitorClaims.managedByAnother(a.urn, 7)).toBeUndefined();
    expect(monitorClaims.managedByAnother(a.urn, 8)).toBeUndefined();
  });
});
