/**
 * null (as the service returns a field it does not hold), "" and absent all mean "not set",
 * so none of them differs from another; an empty list is no value either. A value beside
 * any of them is a change.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { changedMonitorFields } from "../../src/runtime/monitor/diff-monitor";
import { changedIncidentFields } from "../../src/runtime/incident/diff-incident";
import { isEmpty } from "../../src/runtime/comparison";

const declared = checkMonitor({ name: "m", url: "https://m.example.com", interval: 60 }).inputs!;

describe("a field not set", () => {
  it.each([
    ["null", null],
    ["an empty string", ""],
    ["absent", undefined],
  ])("is the same whether the service returns it %s", (_, value) => {
    const state = { ...declared, alertTextLookup: value, requestAuthUsername: value, maintenanceStartAt: value };
    expect(changedMonitorFields(state, declared)).toEqual([]);
  });

  it("differs from a value", () => {
    const state = { ...declared, alertTextLookup: null };
    expect(changedMonitorFields(state, { ...declared, alertCondition: "url_text", alertTextLookup: "ok" })).toEqual([
      "alertCondition",
      "alertTextLookup",
    ]);
  });

  it("is the same for an incident's comment returned as null", () => {
    const olds = { incidentId: 1, monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "x", comment: null };
    expect(changedIncidentFields(olds, { monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "x" })).toEqual([]);
  });

  it("includes an empty list, but not a list with an entry, zero or false", () => {
    expect(isEmpty([])).toBe(true);
    expect(isEmpty([{ key: "email", value: "a@example.com" }])).toBe(false);
    expect(isEmpty(0)).toBe(false);
    expect(isEmpty(false)).toBe(false);
  });
});
