/**
 * At preview some inputs are unknown. `check` judges none of them yet, nor the properties
 * validated together with one (a maintenance window's other end, a text condition's
 * lookup): they are judged when known. Every other property is still judged, a list beside
 * an unknown list entry included.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { checkIncident } from "../../src/runtime/incident/check-incident";
import { UNKNOWN } from "../../src/runtime/unknowns";

const monitor = (patch: Record<string, unknown>) =>
  checkMonitor({ name: "m", url: "https://m.example.com", interval: 60, ...patch });

describe("an unknown value at check", () => {
  it("is not reported as missing or invalid", () => {
    expect(monitor({ interval: UNKNOWN, url: UNKNOWN }).failures).toBeUndefined();
    expect(monitor({ interval: UNKNOWN }).inputs?.interval).toBe(UNKNOWN);
  });

  it("defers the problems of the property validated with it", () => {
    expect(monitor({ maintenanceStartAt: UNKNOWN, maintenanceEndAt: "2026-03-02 10:00" }).failures).toBeUndefined();
    expect(monitor({ alertCondition: UNKNOWN, alertTextLookup: "x".repeat(2000) }).failures).toBeUndefined();
  });

  it("leaves the other groups judged", () => {
    expect(
      monitor({ maintenanceStartAt: UNKNOWN, maintenanceEndAt: "2026-03-02T10:00:00", interval: 45 }).failures?.map(
        (f) => f.property,
      ),
    ).toEqual(["interval"]);
    expect(monitor({ alertCondition: UNKNOWN, maintenanceEndAt: "2026-03-02T10:00:00" }).failures).toEqual([
      { property: "maintenanceStartAt", reason: "maintenanceStartAt: is required when maintenance_end_at is set" },
    ]);
  });

  it("inside an alert leaves a bad request header reported", () => {
    const r = monitor({
      alerts: [{ key: "email", value: UNKNOWN }],
      requestHeaders: [{ key: "X-Probe", value: "" }],
    });
    expect(r.failures).toEqual([{ property: "", reason: "requestHeaders[0].value: must not be empty" }]);
  });

  it("as an incident's start defers its end's problems", () => {
    const r = checkIncident({ monitorId: 7, startedAt: UNKNOWN, endedAt: "2026-03-02 10:00" }, "UTC", Date.now());
    expect(r.failures).toBeUndefined();
    expect(
      checkIncident(
        { monitorId: 7, startedAt: "2026-03-02T09:00:00", endedAt: "2026-03-02 10:00" },
        "UTC",
        Date.now(),
      ).failures?.map((f) => f.property),
    ).toEqual(["endedAt"]);
  });
});

describe("an incident's unknown start", () => {
  it("defers its acknowledgement's problems too", () => {
    const bag = { monitorId: 7, startedAt: UNKNOWN, acknowledgedAt: "soon" };
    expect(checkIncident(bag, "UTC", Date.now()).failures).toBeUndefined();
  });
});
