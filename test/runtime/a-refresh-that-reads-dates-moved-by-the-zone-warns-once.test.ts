/**
 * `uptime:timeZone` other than the account's zone, seen by a refresh: the state recorded
 * the dates as the program wrote them, and the service returns other instants although
 * nothing wrote the record since. `read` (in a provider process that made no write) warns
 * once, naming the setting, the account's offset and the fix. A window someone moved by
 * hand is drift, not a zone: no warning then, nor with the account's own zone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { incident, monitor } from "../../src/dynamic/runtime";
import { configureFromStack } from "../../src/runtime/config";
import { setProviderLog } from "../../src/runtime/log";
import { DEFAULT_API_KEY } from "../../src/server";
import { BERLIN_WINTER_ADVICE, checkedBy, configureInTimeZone, providerHarness, withWindow } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
/** How far the server's clock is ahead: an edit made "later" gets another `updated_at`. */
let serverSkewMs = 0;
const warnings: string[] = [];

beforeAll(async () => {
  h = await providerHarness({
    accounts: [{ apiKey: DEFAULT_API_KEY, timeZone: "Europe/Berlin" }],
    now: () => Date.now() + serverSkewMs,
  });
});
afterEach(() => setProviderLog(undefined));
afterAll(async () => {
  await h.close();
});

/** A fresh provider process with this `uptime:timeZone`: a new client, nothing said yet. */
function processIn(timeZone: string): void {
  configureFromStack({ get: () => undefined });
  configureInTimeZone(h.server, timeZone, warnings);
}

/** Creates a monitor with a maintenance window in a process of its own; returns its id and recorded outputs. */
async function created(name: string, timeZone: string) {
  processIn(timeZone);
  const { id, outs } = await monitor.create(await checkedBy(monitor, withWindow(name)));
  return { id, outs };
}

describe("a refresh whose dates come back moved by the zone", () => {
  it("is warned about once per process (monitors and incidents together), with the account's offset and the setting to change", async () => {
    const first = await created("refresh-first", "UTC");
    const second = await created("refresh-second", "UTC");
    // On a monitor of its own: an incident is a write to its monitor (a new updated_at).
    const host = await monitor.create(
      await checkedBy(monitor, {
        name: "refresh-host",
        url: "https://h.example.com",
        interval: 60,
        __resourceName: "host",
      }),
    );
    const withIncident = await incident.create(
      await checkedBy(incident, {
        monitorId: Number(host.id),
        startedAt: "2026-01-02T10:00:00",
        __resourceName: "outage",
      }),
    );

    processIn("UTC");
    const read = await monitor.read!(first.id, first.outs);
    await monitor.read!(second.id, second.outs);
    await incident.read!(withIncident.id, withIncident.outs);
    // What the warning explains: the refresh records the dates an hour earlier.
    expect(read.props).toMatchObject({
      maintenanceStartAt: "2030-01-15T09:00:00",
      maintenanceEndAt: "2030-01-15T11:00:00",
    });
    expect(warnings).toEqual([
      'uptime:timeZone is UTC, but the service\'s account reads local times in another zone: Monitor "refresh-first" recorded maintenanceStartAt ' +
        "2030-01-15T10:00:00 and the service now returns 2030-01-15T09:00:00 (in UTC) though nothing wrote it since, so its dates show a change " +
        "on every refresh. " +
        BERLIN_WINTER_ADVICE,
    ]);
  });

  it("is warned about for an incident's dates too", async () => {
    const { id } = await created("refresh-incident", "Europe/Berlin");
    processIn("UTC");
    const outage = await incident.create(
      await checkedBy(incident, {
        monitorId: Number(id),
        startedAt: "2026-01-02T10:00:00",
        __resourceName: "outage-2",
      }),
    );
    processIn("UTC");
    await incident.read!(outage.id, outage.outs);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^uptime:timeZone is UTC, .*Incident "outage-2" recorded startedAt 2026-01-02T10:00:00 and the service now returns 2026-01-02T09:00:00 .*The account's zone is UTC\+01:00/,
    );
  });

  it("is warned about when the setting changed away from the account's zone since the write", async () => {
    const { id, outs } = await created("refresh-changed", "Europe/Berlin");
    expect(warnings).toEqual([]);
    processIn("America/New_York");
    await monitor.read!(id, outs);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^uptime:timeZone is America\/New_York, .*recorded maintenanceStartAt 2030-01-15T10:00:00 and the service now returns 2030-01-15T04:00:00 .*The account's zone is UTC\+01:00 at that date/,
    );
  });

  it("is warned about for a window across daylight saving, whose ends moved by different hours", async () => {
    processIn("UTC");
    const summerToWinter = {
      ...withWindow("refresh-dst"),
      maintenanceStartAt: "2030-07-01T10:00:00",
      maintenanceEndAt: "2030-12-01T10:00:00",
    };
    const { id, outs } = await monitor.create(await checkedBy(monitor, summerToWinter));
    processIn("UTC");
    const read = await monitor.read!(id, outs);
    expect(read.props).toMatchObject({
      maintenanceStartAt: "2030-07-01T08:00:00",
      maintenanceEndAt: "2030-12-01T09:00:00",
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /recorded maintenanceStartAt 2030-07-01T10:00:00 and the service now returns 2030-07-01T08:00:00 .*The account's zone is UTC\+02:00 at that date/,
    );
  });

  it("is not mentioned when the setting is the account's zone", async () => {
    const { id, outs } = await created("refresh-right", "Europe/Berlin");
    processIn("Europe/Berlin");
    const read = await monitor.read!(id, outs);
    expect(read.props).toMatchObject({ maintenanceStartAt: "2030-01-15T10:00:00" });
    expect(warnings).toEqual([]);
  });

  it("is not mentioned when someone moved the window by hand, even by exactly an hour", async () => {
    const { id, outs } = await created("refresh-edited", "Europe/Berlin");
    serverSkewMs = 60_000; // the edit happens later than the write, as edits do
    try {
      await h.outOfBand.monitors.update(Number(id), {
        maintenance_start_at: "2030-01-15T09:00:00",
        maintenance_end_at: "2030-01-15T11:00:00",
      });
    } finally {
      serverSkewMs = 0;
    }
    processIn("Europe/Berlin");
    const read = await monitor.read!(id, outs);
    // Drift the refresh records, with nothing to warn about.
    expect(read.props).toMatchObject({
      maintenanceStartAt: "2030-01-15T09:00:00",
      maintenanceEndAt: "2030-01-15T11:00:00",
    });
    expect(warnings).toEqual([]);
  });
});
