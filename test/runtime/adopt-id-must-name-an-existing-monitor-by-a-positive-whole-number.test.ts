/**
 * `adoptId` names a monitor by its id: `check` accepts a positive whole number (text as
 * config gives it too) and refuses zero, a negative or fractional number, or a boolean,
 * saying what it got; `adopt` and `adoptId` together are refused.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { UNKNOWN } from "../../src/runtime/unknowns";

const base = { name: "m", url: "https://m.example.com", interval: 60 };
const failuresOf = (patch: Record<string, unknown>) => checkMonitor({ ...base, ...patch }).failures;

describe("adoptId", () => {
  it.each([[1], [42], ["3"], [UNKNOWN]])("%j is accepted", (id) => {
    expect(failuresOf({ adoptId: id })).toBeUndefined();
  });

  it.each([
    [0, "0"],
    [-4, "-4"],
    [1.5, "1.5"],
    [true, "true"],
    ["seven", '"seven"'],
  ])("%j is refused, naming it", (id, shown) => {
    expect(failuresOf({ adoptId: id })).toContainEqual({
      property: "adoptId",
      reason: `adoptId: expected the id of an existing monitor (a positive whole number); got ${shown}`,
    });
  });

  it("is refused together with adopt", () => {
    expect(failuresOf({ adoptId: 3, adopt: true })).toEqual([
      { property: "adoptId", reason: "adoptId: set either adopt (by name) or adoptId (by id), not both" },
    ]);
    expect(failuresOf({ adoptId: 3, adopt: false })).toBeUndefined();
  });
});
