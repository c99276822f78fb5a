/**
 * A declared `paused` is compared with what the state knows: the recorded `paused` when the
 * state has one, else the service's status (an adopted or imported monitor records none).
 * Only a declared `paused` is managed; an unknown one is always a change.
 */
import { describe, expect, it } from "vitest";
import { monitorChanges, pauseChange } from "../../src/runtime/monitor/diff-monitor";
import { UNKNOWN } from "../../src/runtime/unknowns";

const fields = { name: "m", url: "https://m.example.com", interval: 60 };
const state = (extra: Record<string, unknown>) => ({ ...fields, monitorId: 3, ...extra });

describe("a declared paused", () => {
  it("matches a monitor the service reports paused, when the state records no paused", () => {
    expect(monitorChanges(state({ status: "paused" }), { ...fields, paused: true }).changed).toEqual([]);
  });

  it("differs from a monitor the service reports paused, when declared running", () => {
    expect(monitorChanges(state({ status: "paused" }), { ...fields, paused: false }).changed).toEqual(["paused"]);
  });

  it("differs from a running monitor, when declared paused and the state records no paused", () => {
    expect(pauseChange(state({ status: "up" }), { paused: true })).toBe(true);
  });

  it("is compared with the recorded paused before the status", () => {
    expect(pauseChange(state({ paused: true, status: "up" }), { paused: true })).toBeUndefined();
    expect(pauseChange(state({ paused: false, status: "paused" }), { paused: false })).toBeUndefined();
    expect(pauseChange(state({ paused: false, status: "paused" }), { paused: true })).toBe(true);
  });

  it("is a change whenever it is unknown", () => {
    expect(pauseChange(state({ paused: true, status: "paused" }), { paused: UNKNOWN as never })).toBe(UNKNOWN);
    expect(monitorChanges(state({ paused: true }), { ...fields, paused: UNKNOWN as never }).changed).toEqual([
      "paused",
    ]);
  });

  it("is not managed when not declared, whatever the status", () => {
    expect(pauseChange(state({ status: "paused" }), {})).toBeUndefined();
    expect(monitorChanges(state({ status: "paused", paused: true }), fields).changed).toEqual([]);
  });
});
