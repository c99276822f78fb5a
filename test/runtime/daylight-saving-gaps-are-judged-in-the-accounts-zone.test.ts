/**
 * Which zone decides that a local time does not exist: the account's, as `check` is given
 * it. A time the clocks skip fails there, for a monitor's window and an incident's dates;
 * UTC has no gaps; an unknown zone is the setting's problem and fails no date; a date in
 * another spelling fails its format only, and an unknown one nothing.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { checkIncident } from "../../src/runtime/incident/check-incident";
import { UNKNOWN } from "../../src/runtime/unknowns";

const window = (start: unknown, end: unknown) => ({
  name: "m",
  url: "https://m.example.com",
  interval: 60,
  maintenanceStartAt: start,
  maintenanceEndAt: end,
});
const properties = (r: { failures?: { property: string }[] }) => r.failures?.map((f) => f.property);

describe("a local time the clocks skip", () => {
  it("fails the window's start and end in the account's zone, naming what would be stored", () => {
    const r = checkMonitor(window("2026-03-08T02:30:00", "2026-03-08T02:45:00"), "America/New_York");
    expect(r.failures?.map((f) => f.property)).toEqual(["maintenanceStartAt", "maintenanceEndAt"]);
    expect(r.failures?.[0].reason).toMatch(
      /^maintenanceStartAt: 2026-03-08T02:30:00 does not exist in time zone America\/New_York .* would store 2026-03-08T03:30:00 /,
    );
    expect(r.failures?.[1].reason).toContain("such as 2026-03-08T03:45:00");
  });

  it("passes in UTC, which has no gaps, and in a zone whose gap is elsewhere", () => {
    expect(checkMonitor(window("2026-03-08T02:30:00", "2026-03-08T02:45:00"), "UTC").failures).toBeUndefined();
    expect(checkMonitor(window("2026-03-08T02:30:00", "2026-03-08T02:45:00")).failures).toBeUndefined();
    expect(
      checkMonitor(window("2026-03-08T02:30:00", "2026-03-08T02:45:00"), "Europe/Berlin").failures,
    ).toBeUndefined();
  });

  it("fails no date in a zone that does not exist", () => {
    expect(
      checkMonitor(window("2026-03-08T02:30:00", "2026-03-08T02:45:00"), "America/Atlantis").failures,
    ).toBeUndefined();
  });

  it("fails an incident's dates", () => {
    const later = Date.parse("2027-01-01T00:00:00Z");
    const r = checkIncident(
      {
        monitorId: 1,
        startedAt: "2026-03-08T02:00:00",
        acknowledgedAt: "2026-03-08T02:10:00",
        endedAt: "2026-03-08T02:59:59",
      },
      "America/New_York",
      later,
    );
    expect(properties(r)).toEqual(["startedAt", "endedAt", "acknowledgedAt"]);
  });

  it("is not judged for a date in another spelling, nor an unknown one", () => {
    expect(properties(checkMonitor(window("2026-03-08 02:30:00", "2026-03-08T05:00:00"), "America/New_York"))).toEqual([
      "maintenanceStartAt",
    ]);
    expect(checkMonitor(window(UNKNOWN, "2026-03-08T05:00:00"), "America/New_York").failures).toBeUndefined();
  });
});
