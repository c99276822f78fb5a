/**
 * Values the engine does not know yet at preview (unknowns.ts): found inside lists and
 * objects at any depth, with their paths, and replaced by undefined for validation while
 * everything known is kept as it is.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN, containsUnknown, unknownPaths, withoutUnknowns } from "../../src/runtime/unknowns";

const bag = { name: "api", alerts: [{ key: "email", value: UNKNOWN }], tags: ["a", UNKNOWN], n: 0, z: null };

describe("unknowns", () => {
  it("are found inside lists and objects, at every path they stand", () => {
    expect(containsUnknown(bag)).toBe(true);
    expect(containsUnknown([["x", [UNKNOWN]]])).toBe(true);
    expect(containsUnknown({ a: [1, { b: "c" }], d: null })).toBe(false);
    expect(containsUnknown("text")).toBe(false);
    expect(unknownPaths(bag)).toEqual([
      ["alerts", 0, "value"],
      ["tags", 1],
    ]);
    expect(unknownPaths(UNKNOWN)).toEqual([[]]);
    expect(unknownPaths(["a", "b"])).toEqual([]);
  });

  it("are replaced by undefined for validation, lists and objects kept in shape", () => {
    const out = withoutUnknowns(bag);
    expect(out).toEqual({
      name: "api",
      alerts: [{ key: "email", value: undefined }],
      tags: ["a", undefined],
      n: 0,
      z: null,
    });
    expect(Array.isArray(out.tags)).toBe(true);
    expect(withoutUnknowns(UNKNOWN)).toBeUndefined();
    expect(withoutUnknowns("known")).toBe("known");
  });
});
