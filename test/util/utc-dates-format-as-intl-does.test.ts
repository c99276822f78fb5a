import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLocalDateTime, toLocalDateTime } from "../../src/util/time";

describe("UTC dates without Intl", () => {
  it("format exactly as the zone database does for Etc/UTC", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4102444800000 }), (ms) => {
        expect(formatLocalDateTime(ms, "UTC")).toBe(formatLocalDateTime(ms, "Etc/UTC"));
      }),
      { numRuns: 2000 },
    );
  });

  it("turn the service's spelling into the input pattern", () => {
    expect(toLocalDateTime("2024-05-01T10:00:00.000000Z")).toBe("2024-05-01T10:00:00");
    expect(toLocalDateTime("2024-05-01T10:00:00+02:00")).toBe("2024-05-01T08:00:00");
  });
});
