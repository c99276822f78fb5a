/**
 * Dates are compared as instants at the service's precision (whole seconds): one second
 * later is a change, for a monitor's maintenance window and an incident's dates alike,
 * while the same instant in another spelling (fractions, `Z`, an offset, a space) is not.
 * Text fields are never compared as dates: a text that reads as a date changes with its spelling.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { changedMonitorFields } from "../../src/runtime/monitor/diff-monitor";
import { changedIncidentFields } from "../../src/runtime/incident/diff-incident";

const monitor = (patch: Record<string, unknown> = {}) =>
  checkMonitor({
    name: "window",
    url: "https://w.example.com",
    interval: 60,
    maintenanceStartAt: "2026-03-02T09:00:00",
    maintenanceEndAt: "2026-03-02T10:00:00",
    ...patch,
  }).inputs!;

describe("a monitor's maintenance window", () => {
  it("is changed by a start one second later", () => {
    expect(changedMonitorFields(monitor(), monitor({ maintenanceStartAt: "2026-03-02T09:00:01" }))).toEqual([
      "maintenanceStartAt",
    ]);
  });

  it("is changed by an end one second earlier", () => {
    expect(changedMonitorFields(monitor(), monitor({ maintenanceEndAt: "2026-03-02T09:59:59" }))).toEqual([
      "maintenanceEndAt",
    ]);
  });

  it.each([
    ["with fractions and Z", "2026-03-02T09:00:00.000000Z"],
    ["with a space", "2026-03-02 09:00:00"],
    ["as the same instant at another offset", "2026-03-02T10:00:00+01:00"],
  ])("is unchanged by the same start written %s", (_, spelling) => {
    expect(changedMonitorFields({ ...monitor(), maintenanceStartAt: spelling }, monitor())).toEqual([]);
  });

  it.each([
    ["null", null],
    ["absent", undefined],
  ])("is changed by a date where the state holds none (%s), and not by one cleared there", (_, none) => {
    const state = { ...monitor(), maintenanceStartAt: none, maintenanceEndAt: none };
    expect(changedMonitorFields(state, monitor())).toEqual(["maintenanceStartAt", "maintenanceEndAt"]);
    const cleared = { ...monitor(), maintenanceStartAt: "", maintenanceEndAt: "" };
    expect(changedMonitorFields(state, cleared)).toEqual([]);
  });

  it("is changed by another wall time at the same offset", () => {
    const state = { ...monitor(), maintenanceStartAt: "2026-03-02T09:00:00+01:00" };
    expect(changedMonitorFields(state, monitor())).toEqual(["maintenanceStartAt"]);
  });
});

describe("a text field that reads as a date", () => {
  it("is changed by another spelling of the same instant", () => {
    const declared = { alertCondition: "url_text", alertTextLookup: "2026-03-02T09:00:00" };
    const state = { ...monitor(declared), alertTextLookup: "2026-03-02 09:00:00" };
    expect(changedMonitorFields(state, monitor(declared))).toEqual(["alertTextLookup"]);
  });
});

describe("an incident's dates", () => {
  const olds = { incidentId: 1, monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "failover" };
  const news = { monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "failover" };

  it("are changed by a start one second later", () => {
    expect(changedIncidentFields(olds, { ...news, startedAt: "2026-03-02T09:14:01" })).toEqual(["startedAt"]);
  });

  it("are unchanged by the same start in the service's spelling", () => {
    expect(changedIncidentFields({ ...olds, startedAt: "2026-03-02T09:14:00.000000Z" }, news)).toEqual([]);
  });

  it("are changed by an end this program wrote, moved by one second", () => {
    const wrote = { ...olds, endedAt: "2026-03-02T10:00:00", __programWrote: { endedAt: "2026-03-02T10:00:00" } };
    expect(changedIncidentFields(wrote, { ...news, endedAt: "2026-03-02T10:00:01" })).toEqual(["endedAt"]);
    expect(changedIncidentFields(wrote, { ...news, endedAt: "2026-03-02 10:00:00" })).toEqual([]);
  });
});

describe("a date the provider cannot read", () => {
  it("is compared as text: the same text is no change, other text is", () => {
    const state = (start: string) => ({ ...monitor(), maintenanceStartAt: start });
    expect(changedMonitorFields(state("next monday"), { ...monitor(), maintenanceStartAt: "next monday" })).toEqual([]);
    expect(changedMonitorFields(state("next monday"), { ...monitor(), maintenanceStartAt: "next tuesday" })).toEqual([
      "maintenanceStartAt",
    ]);
  });
});
