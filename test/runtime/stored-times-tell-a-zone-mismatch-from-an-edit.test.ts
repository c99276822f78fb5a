/**
 * What counts as the zone setting's fault when dates come back moved. After a write: a
 * stored wall time other than the one sent, unless the zone itself maps both to one
 * instant (a time inside a daylight-saving gap). On a refresh: dates moved by whole
 * quarter-hours while nothing wrote the record (`updatedAt` unmoved, or moved as the dates
 * did); a move by minutes, a moved `updatedAt` or a missing one is an edit, never warned about.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noticeZoneMismatch, noticeZoneMismatchOnRead } from "../../src/runtime/stored-times";
import { setProviderLog } from "../../src/runtime/log";

let warnings: { message: string; urn?: string }[] = [];
beforeEach(() => {
  warnings = [];
  setProviderLog({
    warn: async (message, urn) => void warnings.push({ message, urn }),
    info: async () => {},
  });
});
afterEach(() => setProviderLog(undefined));

const FIELDS = ["maintenance_start_at", "maintenance_end_at"];
const ADVICE =
  "set it with `pulumi config set uptime:timeZone <the account's zone, e.g. Europe/Berlin>` (or UPTIME_TIME_ZONE), " +
  "then run `pulumi up` (until it has run, a refresh still reads with the old setting).";

describe("after a write", () => {
  /** Looks, after a write of `sent` that the service stored as `stored`, for dates the zone moved. */
  const wrote = (
    sent: Record<string, unknown>,
    stored: Record<string, unknown>,
    zone = "UTC",
    who = 'Monitor "m"',
    urn?: string,
  ) => noticeZoneMismatch(sent, stored, FIELDS, zone, who, urn);

  it("warns, naming the field, both times, the account's offset and the fix, attached to the resource", async () => {
    await wrote(
      { maintenance_start_at: "2030-01-15T10:00:00" },
      { maintenance_start_at: "2030-01-15T09:00:00" },
      "UTC",
      'Monitor "m"',
      "urn:m",
    );
    expect(warnings).toEqual([
      {
        message:
          "uptime:timeZone is UTC, but the service's account reads local times in another zone: " +
          'Monitor "m" sent maintenanceStartAt 2030-01-15T10:00:00 and the service stored 2030-01-15T09:00:00 (in UTC), ' +
          "so its dates will show a change on every refresh. The account's zone is UTC+01:00 at that date: " +
          ADVICE,
        urn: "urn:m",
      },
    ]);
  });

  it("gives the account's offset from the configured zone's, for a zone behind UTC", async () => {
    // Sent 10:00 New York (UTC-5), stored 16:00: the account read 10:00 six hours ahead of New York.
    await wrote(
      { maintenance_end_at: "2030-01-15T10:00:00" },
      { maintenance_end_at: "2030-01-15T04:00:00" },
      "America/New_York",
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain("sent maintenanceEndAt 2030-01-15T10:00:00");
    expect(warnings[0].message).toContain("The account's zone is UTC+01:00 at that date");
  });

  it("says nothing when the service stored what was sent", async () => {
    const sent = { maintenance_start_at: "2030-01-15T10:00:00", maintenance_end_at: "2030-01-15T12:00:00" };
    await wrote(sent, { ...sent }, "Europe/Berlin");
    expect(warnings).toEqual([]);
  });

  it("says nothing when a time inside a daylight-saving gap comes back as the time after it", async () => {
    await wrote(
      { maintenance_start_at: "2026-03-08T02:30:00" },
      { maintenance_start_at: "2026-03-08T03:30:00" },
      "America/New_York",
    );
    expect(warnings).toEqual([]);
  });

  it("ignores a date the service cleared or returned in another format, and looks at every field", async () => {
    await wrote(
      { maintenance_start_at: "2030-01-15T10:00:00", maintenance_end_at: "2030-01-15T12:00:00" },
      { maintenance_start_at: null, maintenance_end_at: "2030-01-15T11:00:00" },
    );
    await wrote(
      { maintenance_start_at: "2030-01-15T10:00:00" },
      { maintenance_start_at: "2030-01-15T09:00:00.000000Z" },
      "UTC",
      'Monitor "n"',
    );
    expect(warnings.map((w) => w.message.split(" and the service")[0])).toEqual([
      'uptime:timeZone is UTC, but the service\'s account reads local times in another zone: Monitor "m" sent maintenanceEndAt 2030-01-15T12:00:00',
    ]);
  });

  it("ignores what was not sent as a local time", async () => {
    await wrote({ maintenance_start_at: 5 }, { maintenance_start_at: "2030-01-15T09:00:00" }, "UTC", "m");
    await wrote(
      { maintenance_start_at: "2030-01-15 10:00" },
      { maintenance_start_at: "2030-01-15T09:00:00" },
      "UTC",
      "m",
    );
    expect(warnings).toEqual([]);
  });
});

describe("on a refresh", () => {
  const recorded = {
    maintenanceStartAt: "2030-01-15T10:00:00",
    maintenanceEndAt: "2030-01-15T12:00:00",
    updatedAt: "2030-01-01T08:00:00",
  };
  const READ_FIELDS = ["maintenanceStartAt", "maintenanceEndAt"];
  const read = (live: Record<string, unknown>, was: Record<string, unknown> = recorded) =>
    noticeZoneMismatchOnRead(was, { ...recorded, ...live }, READ_FIELDS, "UTC", 'Monitor "m"', "urn:m");

  it("warns when the dates moved by an hour and nothing wrote the record, naming the first moved date", async () => {
    await read({ maintenanceEndAt: "2030-01-15T11:00:00" }, { ...recorded, maintenanceStartAt: undefined });
    expect(warnings).toEqual([
      {
        message:
          "uptime:timeZone is UTC, but the service's account reads local times in another zone: " +
          'Monitor "m" recorded maintenanceEndAt 2030-01-15T12:00:00 and the service now returns 2030-01-15T11:00:00 (in UTC) ' +
          "though nothing wrote it since, so its dates show a change on every refresh. The account's zone is UTC+01:00 at that date: " +
          ADVICE,
        urn: "urn:m",
      },
    ]);
  });

  it("names the first date that moved, not an unmoved one before it", async () => {
    await read({ maintenanceEndAt: "2030-01-15T13:00:00" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain(
      "recorded maintenanceEndAt 2030-01-15T12:00:00 and the service now returns 2030-01-15T13:00:00",
    );
    expect(warnings[0].message).toContain("The account's zone is UTC-01:00 at that date");
  });

  it("warns for a move by a quarter-hour, as some zones' offsets differ", async () => {
    await read({ maintenanceStartAt: "2030-01-15T09:45:00", maintenanceEndAt: "2030-01-15T11:45:00" });
    expect(warnings).toHaveLength(1);
  });

  it("warns when updatedAt moved as the dates did (the setting changed since the record)", async () => {
    await read({
      maintenanceStartAt: "2030-01-15T09:00:00",
      maintenanceEndAt: "2030-01-15T11:00:00",
      updatedAt: "2030-01-01T07:00:00",
    });
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ["nothing moved", {}],
    ["the dates moved by minutes (an edit)", { maintenanceStartAt: "2030-01-15T09:53:00" }],
    [
      "one date moved by an hour and the other by minutes",
      { maintenanceStartAt: "2030-01-15T09:00:00", maintenanceEndAt: "2030-01-15T11:07:00" },
    ],
    [
      "updatedAt moved otherwise than the dates (someone wrote the record)",
      { maintenanceStartAt: "2030-01-15T09:00:00", updatedAt: "2030-01-02T08:00:00" },
    ],
    ["updatedAt is missing now", { maintenanceStartAt: "2030-01-15T09:00:00", updatedAt: undefined }],
    ["updatedAt is not a local time", { maintenanceStartAt: "2030-01-15T09:00:00", updatedAt: "yesterday" }],
    ["a date is not a local time", { maintenanceStartAt: "2030-01-15 09:00:00" }],
  ])("says nothing when %s", async (_, live) => {
    await read(live);
    expect(warnings).toEqual([]);
  });

  it.each([
    ["cleared now", { maintenanceStartAt: "2030-01-15T09:00:00", maintenanceEndAt: null }, recorded],
    ["not a date in the record", { maintenanceStartAt: "2030-01-15T09:00:00" }, { ...recorded, maintenanceEndAt: 5 }],
  ])("still warns when one date moved by the zone and the other is %s", async (_, live, was) => {
    await read(live, was);
    expect(warnings).toHaveLength(1);
  });

  it("says nothing when the record had no updatedAt", async () => {
    await read({ maintenanceStartAt: "2030-01-15T09:00:00" }, { ...recorded, updatedAt: undefined });
    await read({ maintenanceStartAt: "2030-01-15T09:00:00" }, { ...recorded, updatedAt: "" });
    expect(warnings).toEqual([]);
  });
});

describe("on a refresh across daylight saving", () => {
  it("warns when updatedAt moved as one of the dates did", async () => {
    const was = {
      maintenanceStartAt: "2030-07-01T10:00:00",
      maintenanceEndAt: "2030-12-01T10:00:00",
      updatedAt: "2030-01-01T08:00:00",
    };
    const now = {
      maintenanceStartAt: "2030-07-01T08:00:00",
      maintenanceEndAt: "2030-12-01T09:00:00",
      updatedAt: "2030-01-01T07:00:00",
    };
    await noticeZoneMismatchOnRead(was, now, ["maintenanceStartAt", "maintenanceEndAt"], "UTC", "m");
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain("The account's zone is UTC+02:00 at that date");
  });
});
