/**
 * The mark of a window `maintenance start` writes, which another run (another record) reads
 * from the service's two times alone: the start is at second 37, at most 59 s before now,
 * in any zone; a window written on the minute, as people and programs write them, is not
 * marked.
 */
import { describe, expect, it } from "vitest";
import { localDateTimeToEpoch } from "../../src/util/time";
import { inProgress, openedByStart, planWindow } from "../../src/maintenance/window";

const ZONES = ["UTC", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"];
const MINUTE = Date.parse("2026-06-01T12:00:00Z");

describe("the window start plans", () => {
  it.each(ZONES)("starts at second 37, no later than now and less than a minute before it, in %s", (zone) => {
    for (const offset of [0, 500, 36_000, 36_999, 37_000, 37_001, 38_000, 59_999]) {
      const now = MINUTE + offset;
      const w = planWindow({ for: "10m" }, zone, now);
      expect(w.start.slice(17)).toBe("37");
      const start = localDateTimeToEpoch(w.start, zone);
      expect(start).toBeLessThanOrEqual(now);
      expect(now - start).toBeLessThan(60_000);
      expect(openedByStart(w)).toBe(true);
    }
  });
});

describe("a window read from the service", () => {
  it("is another start's only when its start is at the mark", () => {
    expect(openedByStart({ start: "2026-06-01T11:59:37", end: "2026-06-01T13:00:00" })).toBe(true);
    expect(openedByStart({ start: "2026-06-01T12:00:00", end: "2026-06-01T13:00:37" })).toBe(false);
    expect(openedByStart({ start: "2026-06-01T12:00:36", end: "2026-06-01T13:00:00" })).toBe(false);
  });

  it("is in progress from its start, up to but not at its end, in the account's zone", () => {
    const w = { start: "2026-06-01T14:00:00", end: "2026-06-01T15:00:00" }; // Berlin: 12:00Z to 13:00Z
    const at = (iso: string) => inProgress(w, "Europe/Berlin", Date.parse(iso));
    expect(at("2026-06-01T11:59:59Z")).toBe(false);
    expect(at("2026-06-01T12:00:00Z")).toBe(true);
    expect(at("2026-06-01T12:59:59Z")).toBe(true);
    expect(at("2026-06-01T13:00:00Z")).toBe(false);
  });
});
