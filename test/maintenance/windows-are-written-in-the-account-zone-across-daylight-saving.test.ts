/**
 * The window start writes, in the account's zone: an end in the repeated hour of a
 * daylight-saving change moves past it (the service reads such a wall time as its first
 * pass), an `--until` inside a skipped hour is refused, and the forms `--until` takes.
 */
import { describe, expect, it } from "vitest";
import { localDateTimeToEpoch } from "../../src/util/time";
import { planWindow, WindowError } from "../../src/maintenance/window";

const NY = "America/New_York";
// 2026-11-01: New York turns its clocks back at 02:00 EDT to 01:00 EST; 01:00-02:00 happens twice.
const SECOND_PASS_0130 = Date.parse("2026-11-01T06:30:00Z"); // 01:30 EST
const FIRST_PASS_0130 = Date.parse("2026-11-01T05:30:00Z"); // 01:30 EDT

/** The end `--until TEXT` gives a window planned at `nowMs`, as an instant. */
const untilInstant = (text: string, zone: string, nowMs: number): number =>
  planWindow({ until: text }, zone, nowMs).endMs;

/** The wall time written as the end of a window asked to end at the instant `ms` (planned an hour or more before). */
const wallTimeNotBefore = (ms: number, zone: string): string =>
  planWindow({ until: new Date(ms).toISOString() }, zone, ms - 3_600_000).end;

describe("a window's end across a daylight-saving change", () => {
  it("in the repeated hour's second pass, moves to the first wall time after it, never earlier than asked", () => {
    const wall = wallTimeNotBefore(SECOND_PASS_0130, NY);
    expect(wall).toBe("2026-11-01T02:00:00");
    expect(localDateTimeToEpoch(wall, NY)).toBeGreaterThanOrEqual(SECOND_PASS_0130);
  });

  it("in the repeated hour's first pass, is written as is (the service reads that pass)", () => {
    expect(wallTimeNotBefore(FIRST_PASS_0130, NY)).toBe("2026-11-01T01:30:00");
  });

  it("--for across the change ends at the asked instant, the start at the mark before now", () => {
    const now = Date.parse("2026-11-01T05:00:00Z"); // 01:00 EDT
    const w = planWindow({ for: "1h" }, NY, now); // ends 01:00 EST, the second pass
    expect(w.start).toBe("2026-11-01T00:59:37");
    expect(localDateTimeToEpoch(w.end, NY)).toBeGreaterThanOrEqual(now + 3_600_000);
  });
});

describe("--until", () => {
  const now = Date.parse("2026-03-08T05:00:00Z"); // 00:00 EST; at 02:00 New York skips to 03:00

  it("refuses a wall time the clocks skip, naming the zone", () => {
    expect(() => untilInstant("2026-03-08T02:30", NY, now)).toThrow(WindowError);
    expect(() => untilInstant("2026-03-08T02:30", NY, now)).toThrow(
      /2026-03-08T02:30:00 does not happen in America\/New_York/,
    );
  });

  it("reads a wall time in the account's zone, an instant with Z or an offset, and the next H:i", () => {
    expect(untilInstant("2026-03-08T04:00", NY, now)).toBe(Date.parse("2026-03-08T08:00:00Z"));
    expect(untilInstant("2026-03-08T09:00:00Z", NY, now)).toBe(Date.parse("2026-03-08T09:00:00Z"));
    expect(untilInstant("2026-03-08T04:00:00-04:00", NY, now)).toBe(Date.parse("2026-03-08T08:00:00Z"));
    // Seconds may be left out of an instant, as of a wall time.
    expect(untilInstant("2026-03-08T09:00Z", NY, now)).toBe(Date.parse("2026-03-08T09:00:00Z"));
    expect(untilInstant("2026-03-08T04:00-04:00", NY, now)).toBe(Date.parse("2026-03-08T08:00:00Z"));
    expect(untilInstant("01:00", NY, now)).toBe(Date.parse("2026-03-08T06:00:00Z"));
    // Already past today: tomorrow's.
    expect(untilInstant("00:00", NY, Date.parse("2026-03-08T06:00:00Z"))).toBe(Date.parse("2026-03-09T04:00:00Z"));
  });

  it("reads a wall time that happens twice as its later pass, so that the window is not short", () => {
    expect(untilInstant("2026-11-01T01:30", NY, Date.parse("2026-11-01T04:00:00Z"))).toBe(SECOND_PASS_0130);
  });

  it("names the forms it takes for text that is none of them", () => {
    expect(() => untilInstant("tomorrow", NY, now)).toThrow(
      /--until takes a time such as 2026-03-02T18:30 .*; got "tomorrow"/,
    );
  });
});

describe("the length of a window", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  it("is at most 24h unless --allow-long", () => {
    expect(planWindow({ for: "24h" }, "UTC", now).end).toBe("2026-06-02T12:00:00");
    expect(() => planWindow({ for: "24h1s" }, "UTC", now)).toThrow(/more than 24h; pass --allow-long/);
    expect(planWindow({ for: "48h", allowLong: true }, "UTC", now).end).toBe("2026-06-03T12:00:00");
  });
});
