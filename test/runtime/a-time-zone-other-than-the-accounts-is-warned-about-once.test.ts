/**
 * `uptime:timeZone` other than the account's zone: the service reads the local times it
 * is sent in the account's zone and returns another instant than was sent. The provider
 * notices it in the write's answer and warns once per provider process, naming the
 * setting, the account's offset and the fix; with the right zone it says nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { incident, monitor } from "../../src/dynamic/runtime";
import { setProviderLog } from "../../src/runtime/log";
import { DEFAULT_API_KEY } from "../../src/server";
import { BERLIN_WINTER_ADVICE, checkedBy, configureInTimeZone, providerHarness, withWindow } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
const warnings: string[] = [];

beforeAll(async () => {
  h = await providerHarness({ accounts: [{ apiKey: DEFAULT_API_KEY, timeZone: "Europe/Berlin" }] });
});
afterEach(() => setProviderLog(undefined));
afterAll(async () => {
  await h.close();
});

const runtimeIn = (timeZone: string) => configureInTimeZone(h.server, timeZone, warnings);

describe("a time zone setting that is not the account's", () => {
  it("is warned about once, with the account's offset and the setting to change", async () => {
    runtimeIn("UTC");
    await monitor.create(await checkedBy(monitor, withWindow("first")));
    const { id } = await monitor.create(await checkedBy(monitor, withWindow("second")));
    await incident.create(await checkedBy(incident, { monitorId: Number(id), startedAt: "2026-01-02T10:00:00" }));
    expect(warnings).toEqual([
      'uptime:timeZone is UTC, but the service\'s account reads local times in another zone: Monitor "first" sent maintenanceStartAt ' +
        "2030-01-15T10:00:00 and the service stored 2030-01-15T09:00:00 (in UTC), so its dates will show a change on every refresh. " +
        BERLIN_WINTER_ADVICE,
    ]);
  });

  it("is not mentioned when the setting is the account's zone", async () => {
    runtimeIn("Europe/Berlin");
    const { outs } = await monitor.create(await checkedBy(monitor, withWindow("third")));
    await monitor.update(String(outs.monitorId), outs, {
      ...(await checkedBy(monitor, withWindow("third"))),
      maintenanceEndAt: "2030-01-15T13:00:00",
    });
    expect(warnings).toEqual([]);
  });

  it("is noticed on an update too", async () => {
    runtimeIn("Europe/Berlin");
    const { outs } = await monitor.create(await checkedBy(monitor, withWindow("fourth")));
    runtimeIn("America/New_York");
    await monitor.update(String(outs.monitorId), outs, {
      ...(await checkedBy(monitor, withWindow("fourth"))),
      maintenanceEndAt: "2030-01-15T13:00:00",
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^uptime:timeZone is America\/New_York, .*The account's zone is UTC\+01:00 at that date/,
    );
  });
});
