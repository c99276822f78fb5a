/**
 * The period: `--window` (days and hours) ending now, or `--from`/`--until` as wall times in
 * the account's zone or instants with an offset; bad ones are refused, naming the flag.
 */
import { describe, expect, it } from "vitest";
import { PeriodError, planPeriod } from "../../src/report/period";

const NOW = Date.parse("2026-03-10T12:00:00.750Z");
const ZONE = "America/New_York";

describe("the report's period", () => {
  it("is 30 days up to now (whole seconds) by default, and --window's length otherwise", () => {
    const until = Date.parse("2026-03-10T12:00:00Z");
    expect(planPeriod({}, ZONE, NOW)).toEqual({ fromMs: until - 30 * 86_400_000, untilMs: until });
    expect(planPeriod({ window: "1d12h" }, ZONE, NOW).fromMs).toBe(until - 36 * 3_600_000);
    expect(planPeriod({ window: "6h" }, ZONE, NOW).fromMs).toBe(until - 6 * 3_600_000);
  });

  it("reads --from and --until in the account's zone, or with their own offset", () => {
    expect(planPeriod({ from: "2026-03-01T00:00", until: "2026-03-09T00:00:00" }, ZONE, NOW)).toEqual({
      // EST before the change on 8 March, EDT after it.
      fromMs: Date.parse("2026-03-01T05:00:00Z"),
      untilMs: Date.parse("2026-03-09T04:00:00Z"),
    });
    expect(planPeriod({ from: "2026-03-01T00:00+01:00", until: "2026-03-02T00:00Z" }, ZONE, NOW)).toEqual({
      fromMs: Date.parse("2026-02-28T23:00:00Z"),
      untilMs: Date.parse("2026-03-02T00:00:00Z"),
    });
    expect(planPeriod({ window: "1d", until: "2026-03-02T00:00Z" }, ZONE, NOW).fromMs).toBe(
      Date.parse("2026-03-01T00:00:00Z"),
    );
  });

  it.each([
    [{ window: "30x" }, /--window takes a length such as 30d/],
    [{ window: "0d" }, /--window takes a length/],
    [{ window: "1d", from: "2026-03-01T00:00" }, /either --window or --from/],
    [{ from: "yesterday" }, /--from takes a time such as/],
    [{ from: "2026-03-08T02:30" }, /2026-03-08T02:30:00 does not happen in America\/New_York/],
    [{ until: "2026-03-11T00:00Z" }, /--until "2026-03-11T00:00Z" is in the future/],
    [{ from: "2026-03-05T00:00Z", until: "2026-03-04T00:00Z" }, /the period is empty/],
  ])("refuses %j", (request, message) => {
    expect(() => planPeriod(request, ZONE, NOW)).toThrow(PeriodError);
    expect(() => planPeriod(request, ZONE, NOW)).toThrow(message);
  });
});
