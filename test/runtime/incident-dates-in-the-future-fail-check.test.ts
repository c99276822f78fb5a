/**
 * The service records only incidents that have happened: `check` refuses a start,
 * acknowledgement or end later than now, read in the account's zone, naming the property
 * and the zone. A time up to now passes, and so does a time ahead in UTC but already past
 * in a zone east of it.
 */
import { describe, expect, it } from "vitest";
import { checkIncident } from "../../src/runtime/incident/check-incident";
import { localDateTimeToEpoch } from "../../src/util/time";

const NOW = localDateTimeToEpoch("2026-03-02T12:00:00", "UTC");
const incident = (patch: Record<string, unknown>) => ({ monitorId: 7, startedAt: "2026-03-02T09:00:00", ...patch });

describe("an incident date later than now", () => {
  it("fails check naming the property, the time and the zone", () => {
    expect(checkIncident(incident({ startedAt: "2026-03-02T12:00:01" }), "UTC", NOW).failures).toEqual([
      {
        property: "startedAt",
        reason:
          "startedAt: 2026-03-02T12:00:01 is in the future (time zone UTC); the service only records incidents that have happened",
      },
    ]);
  });

  it("fails for the acknowledgement and the end too", () => {
    const r = checkIncident(
      incident({ acknowledgedAt: "2026-03-02T12:30:00", endedAt: "2026-03-03T00:00:00" }),
      "UTC",
      NOW,
    );
    expect(r.failures?.map((f) => f.property)).toEqual(["endedAt", "acknowledgedAt"]);
  });

  it("passes at exactly now", () => {
    expect(checkIncident(incident({ endedAt: "2026-03-02T12:00:00" }), "UTC", NOW).failures).toBeUndefined();
  });

  it("is read in the account's zone: ahead in UTC, past in Tokyo", () => {
    const start = incident({ startedAt: "2026-03-02T20:00:00" });
    expect(checkIncident(start, "UTC", NOW).failures?.map((f) => f.property)).toEqual(["startedAt"]);
    expect(checkIncident(start, "Asia/Tokyo", NOW).failures).toBeUndefined();
    expect(checkIncident(incident({ startedAt: "2026-03-02T08:00:00" }), "America/New_York", NOW).failures).toEqual([
      {
        property: "startedAt",
        reason:
          "startedAt: 2026-03-02T08:00:00 is in the future (time zone America/New_York); the service only records incidents that have happened",
      },
    ]);
  });

  it("is judged only for a well-formed local time: another spelling fails its format instead", () => {
    const r = checkIncident(incident({ startedAt: "2099-03-02 09:00" }), "UTC", NOW);
    expect(r.failures?.map((f) => f.reason)).toEqual([
      'startedAt: "2099-03-02 09:00" does not match Y-m-dTH:i:s (for example 2026-03-02T09:14:00)',
    ]);
  });
});

describe("an incident checked without a zone", () => {
  it("reads its dates in UTC against the clock", () => {
    expect(checkIncident(incident({ startedAt: "2999-01-01T00:00:00" })).failures?.map((f) => f.reason)).toEqual([
      "startedAt: 2999-01-01T00:00:00 is in the future (time zone UTC); the service only records incidents that have happened",
    ]);
    expect(checkIncident(incident({ startedAt: "2020-01-01T00:00:00" })).failures).toBeUndefined();
  });
});
