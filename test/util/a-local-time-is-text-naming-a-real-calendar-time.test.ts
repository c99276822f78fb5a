/**
 * `isLocalDateTime` is the one test of "is this a local time `Y-m-dTH:i:s`" for values of
 * any type (inputs, state, the service's answers): only a text in that form that names a
 * real calendar time passes.
 */
import { describe, expect, it } from "vitest";
import { isLocalDateTime } from "../../src/util/time";

describe("a local time", () => {
  it("is a text Y-m-dTH:i:s naming a real calendar time", () => {
    expect(isLocalDateTime("2026-02-28T23:59:59")).toBe(true);
    expect(isLocalDateTime("2028-02-29T00:00:00")).toBe(true);
  });

  it.each(["2026-02-29T10:00:00", "2026-04-31T10:00:00", "2026-01-01T24:00:00", "2026-01-01T10:60:00"])(
    "is not a date the calendar lacks (%s)",
    (v) => expect(isLocalDateTime(v)).toBe(false),
  );

  it.each(["2026-01-01 10:00:00", "2026-01-01T10:00:00Z", "2026-01-01T10:00", ""])(
    "is not text in another form (%j)",
    (v) => expect(isLocalDateTime(v)).toBe(false),
  );

  it.each([20260101100000, new Date("2026-01-01T10:00:00Z"), ["2026-01-01T10:00:00"], null, undefined])(
    "is never a value other than text (%j)",
    (v) => expect(isLocalDateTime(v)).toBe(false),
  );
});
