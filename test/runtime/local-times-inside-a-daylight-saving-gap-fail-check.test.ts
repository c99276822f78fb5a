/**
 * A local time the account's zone skips (inside a daylight-saving gap) is stored by the
 * service as another time, so it would drift on every refresh. `check` refuses it, naming
 * the property, the zone setting and what the service would store; times next to the gap,
 * a time that happens twice, and the same time in a zone without the gap pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incident, monitor } from "../../src/dynamic/runtime";
import { configureFromStack } from "../../src/runtime/config";
import { DEFAULT_API_KEY } from "../../src/server";
import { startTestServer, type UptimeServer } from "../support/server";

// A reachable service: check also verifies the settings once, and must find nothing wrong there.
let server: UptimeServer;
let NEW_YORK: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  NEW_YORK = { "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY, "uptime:timeZone": "America/New_York" };
});
const inZone = (config: Record<string, string>) => configureFromStack({ get: (k) => config[k] });
afterAll(async () => {
  inZone({});
  await server.close();
});

const window = (start: string, end: string) => ({
  name: "m",
  url: "https://m.example.com",
  interval: 60,
  maintenanceStartAt: start,
  maintenanceEndAt: end,
});

describe("a local time inside a daylight-saving gap", () => {
  it("fails the Monitor check naming the field, the zone and what the service would store", async () => {
    inZone(NEW_YORK);
    const r = await monitor.check({}, window("2026-03-08T02:30:00", "2026-03-08T05:00:00"));
    expect(r.failures).toEqual([
      {
        property: "maintenanceStartAt",
        reason:
          "maintenanceStartAt: 2026-03-08T02:30:00 does not exist in time zone America/New_York (uptime:timeZone): the clocks skip it for " +
          "daylight saving time. The service would store 2026-03-08T03:30:00 instead and every refresh would show a change; declare a time " +
          "outside the gap, such as 2026-03-08T03:30:00",
      },
    ]);
  });

  it("fails the Incident check for each date in the gap", async () => {
    inZone(NEW_YORK);
    const r = await incident.check(
      {},
      { monitorId: 1, startedAt: "2026-03-08T02:00:00", endedAt: "2026-03-08T02:59:59" },
    );
    expect((r.failures ?? []).map((f) => f.property)).toEqual(["startedAt", "endedAt"]);
  });

  it("passes times beside the gap, a time that happens twice, and the same time where the zone has no gap", async () => {
    inZone(NEW_YORK);
    expect((await monitor.check({}, window("2026-03-08T01:59:59", "2026-03-08T03:00:00"))).failures).toBeUndefined();
    expect((await monitor.check({}, window("2026-11-01T01:30:00", "2026-11-01T02:30:00"))).failures).toBeUndefined();
    inZone({ ...NEW_YORK, "uptime:timeZone": "UTC" });
    expect((await monitor.check({}, window("2026-03-08T02:30:00", "2026-03-08T05:00:00"))).failures).toBeUndefined();
    inZone({ ...NEW_YORK, "uptime:timeZone": "Europe/Berlin" });
    expect(
      (await monitor.check({}, window("2026-03-29T02:30:00", "2026-03-29T05:00:00"))).failures?.map((f) => f.property),
    ).toEqual(["maintenanceStartAt"]);
  });
});
