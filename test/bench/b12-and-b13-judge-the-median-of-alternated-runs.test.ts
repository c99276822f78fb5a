/**
 * How B12 and B13 report: each ratio is taken per pair of runs made one after the other, and
 * the target is judged on the median of those, with the best of each side and (B12) the CPU
 * ratios beside it; B13 reports the pack on this build's emulation of a stock CLI's launch
 * path and on its direct start, and judges the stock path. The figures here are made up: the reporting is what is tested.
 */
import { describe, expect, it } from "vitest";
import { b12Ratios, b12Section, type B12Result } from "../../bench/src/b12-test-command";
import { b13Section, type B13Result } from "../../bench/src/b13-policy-pack";
import { median, pairRatios } from "../../bench/src/lib/common";

describe("the pairs' ratios", () => {
  it("divide run i by run i, and the median takes the middle (the mean of two for an even count)", () => {
    expect(pairRatios([3, 4, 10], [2, 4, 5])).toEqual([1.5, 1, 2]);
    expect(median([1.5, 1, 2])).toBe(1.5);
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });
});

describe("B12's report", () => {
  // Pairs 1.43, 1.30, 1.20: the best of each side (1,000 ÷ 700) would say 1.43.
  const runs = {
    commandMs: [1000, 1300, 1200],
    floorMs: [700, 1000, 1000],
    commandCpuMs: [900, 950, 1000],
    floorCpuMs: [500, 600, 500],
  };
  const result: B12Result = {
    monitors: 1000,
    concurrency: 32,
    ...runs,
    floorGetsMs: [400, 420, 410],
    commandRssMb: 120,
    floorRssMb: 60,
    ratio: b12Ratios(runs).median,
    passed: 1000,
  };

  it("judges the target on the median of the pairs, not on the best of each side", () => {
    const q = b12Ratios(runs);
    expect(q.median).toBeCloseTo(1.3, 5);
    expect(q.best).toBeCloseTo(1000 / 700, 5);
    const text = b12Section(result);
    expect(text).toContain("| wall time | 1.43, 1.30, 1.20 | **1.30** | 1.43 |");
    expect(text).toContain("Median of the pairs 1.30 (target at most 1.3: yes)");
  });

  it("puts the CPU-time ratios beside the wall-time ones", () => {
    expect(b12Section(result)).toContain("| CPU time (user + system) | 1.80, 1.58, 2.00 | 1.80 | 1.80 |");
  });
});

describe("B13's report", () => {
  const result: B13Result = {
    count: 200,
    ms: { without: [2700, 2800, 2600], ours: [3300, 3400, 3200], stock: [3600, 3900, 3500] },
    ratio: median(pairRatios([3600, 3900, 3500], [2700, 2800, 2600])),
  };

  it("reports the pack on the emulated stock path and this build's direct start, and judges the stock path", () => {
    const text = b13Section(result);
    expect(text).toContain("| with the pack, stock launch path (emulated) | 3.6 s, 3.9 s, 3.5 s | 3.5 s | 3.6 s |");
    expect(text).toContain("| with the pack, this build's launcher | 3.3 s, 3.4 s, 3.2 s | 3.2 s | 3.3 s |");
    expect(text).toContain("| stock launch path (emulated) | 1.33, 1.39, 1.35 | **1.35** | 1.35 |");
    expect(text).toContain("| this build's launcher | 1.22, 1.21, 1.23 | **1.22** | 1.23 |");
    expect(text).toContain("On the emulated stock path 1.35; target at most 1.3: **no**.");
  });
});
