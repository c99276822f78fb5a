/**
 * B16 compares components with the same monitors declared directly; a component registers the
 * same monitors plus one Construct call, so a ratio below 1 is noise unless it is below 1 by
 * more than the samples' spread, and the report says which. The figures are made up: the
 * reporting is what is tested.
 */
import { describe, expect, it } from "vitest";
import { b16Section, type B16Result } from "../../bench/src/b16-service-monitors";

function result(components: number[], direct: number[]): B16Result {
  const best = (xs: number[]) => Math.min(...xs);
  return {
    services: 50,
    components: { upMs: components, previewMs: components },
    direct: { upMs: direct, previewMs: direct },
    upRatio: best(components) / best(direct),
    previewRatio: best(components) / best(direct),
  };
}

describe("B16's report", () => {
  it("calls a ratio below 1 within the samples' spread no speed-up", () => {
    const text = b16Section(result([12_100, 17_100, 21_500], [13_000, 18_200, 20_300]));
    expect(text).toContain(
      "`up`: 0.93 is within the samples' spread (up to 78 % between runs of one side): no speed-up is claimed",
    );
  });

  it("flags a ratio below 1 by more than the spread as something to look into", () => {
    const text = b16Section(result([5_000, 5_100], [10_000, 10_200]));
    expect(text).toContain("`up`: 0.50 is below 1 by more than the samples' spread (2 %)");
  });

  it("says nothing more of a ratio of 1 or above", () => {
    const text = b16Section(result([11_000, 11_500], [10_000, 10_500]));
    expect(text).not.toContain("spread");
  });
});
