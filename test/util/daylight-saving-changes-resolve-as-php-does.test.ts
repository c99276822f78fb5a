/**
 * Wall times a daylight-saving change makes odd are read as the service (PHP) reads them:
 * a skipped time lands after the gap, a repeated time is the earlier instant, and
 * `existsInZone` tells the skipped ones apart.
 */
import { describe, expect, it } from "vitest";
import { existsInZone, formatOffset, localDateTimeToEpoch, zoneOffsetMs } from "../../src/util/time";

const at = (v: string, zone: string) => new Date(localDateTimeToEpoch(v, zone)).toISOString();

describe("local times around daylight-saving changes", () => {
  it("a time inside the spring gap is read with the offset before it, landing after the gap", () => {
    expect(at("2026-03-08T02:30:00", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(at("2026-03-29T02:15:00", "Europe/Berlin")).toBe("2026-03-29T01:15:00.000Z");
    expect(existsInZone("2026-03-08T02:30:00", "America/New_York")).toBe(false);
    expect(existsInZone("2026-03-08T03:00:00", "America/New_York")).toBe(true);
  });

  it("a time that happens twice in autumn is the earlier instant", () => {
    expect(at("2026-11-01T01:30:00", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-10-25T02:30:00", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(existsInZone("2026-11-01T01:30:00", "America/New_York")).toBe(true);
  });

  it("ordinary times and zones without changes are unaffected", () => {
    expect(at("2030-01-15T10:00:00", "Europe/Berlin")).toBe("2030-01-15T09:00:00.000Z");
    expect(at("2030-07-15T10:00:00", "Asia/Kolkata")).toBe("2030-07-15T04:30:00.000Z");
    expect(formatOffset(zoneOffsetMs(Date.parse("2030-07-15T04:30:00Z"), "Asia/Kolkata"))).toBe("+05:30");
    expect(formatOffset(zoneOffsetMs(Date.parse("2030-01-15T04:30:00Z"), "America/New_York"))).toBe("-05:00");
  });
});
