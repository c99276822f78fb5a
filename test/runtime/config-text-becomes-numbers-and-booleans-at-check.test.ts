/**
 * Config files give every value as text: `check` turns whole numbers (signs and spaces
 * around them allowed) into numbers and "true"/"false"/"1"/"0" (or 1/0) into booleans, so
 * the rules judge the value meant. Text that is not a whole number or a boolean stays text
 * and fails naming what was given.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { checkIncident } from "../../src/runtime/incident/check-incident";

const monitor = (patch: Record<string, unknown>) =>
  checkMonitor({ name: "m", url: "https://m.example.com", interval: 60, ...patch });
const NOT_A_NUMBER = (got: string) => `sslAlertDays: expected a number, one of 0, 1, 2, 3, 7, 14, 30, 60; got "${got}"`;

describe("a whole number given as text", () => {
  it("becomes a number, spaces around it ignored", () => {
    expect(monitor({ sslAlertDays: " 14 ", interval: "300" }).inputs).toMatchObject({
      sslAlertDays: 14,
      interval: 300,
    });
  });

  it("keeps its sign, so the rule judges the negative number", () => {
    expect(monitor({ sslAlertDays: "-1" }).failures).toEqual([
      { property: "sslAlertDays", reason: "sslAlertDays: -1 is not one of 0, 1, 2, 3, 7, 14, 30, 60" },
    ]);
  });

  it.each(["x14", "14x", "1 4", "", "1.5"])("stays text when it is %j", (text) => {
    expect(monitor({ sslAlertDays: text }).failures?.map((f) => f.reason)).toEqual([NOT_A_NUMBER(text)]);
  });

  it("becomes a number for an incident's monitorId too", () => {
    expect(checkIncident({ monitorId: "7", startedAt: "2026-03-02T09:00:00" }, "UTC", Date.now()).inputs).toMatchObject(
      {
        monitorId: 7,
      },
    );
  });
});

describe("a boolean given as text or a number", () => {
  it.each([
    ["true", true],
    ["1", true],
    [1, true],
    ["false", false],
    ["0", false],
    [0, false],
  ])("%j becomes %j", (given, meant) => {
    const r = monitor({ paused: given });
    expect(r.failures).toBeUndefined();
    expect(r.inputs?.paused).toBe(meant);
  });

  it.each([["yes"], [2], ["TRUE"]])("%j stays as given and fails naming it", (given) => {
    expect(monitor({ paused: given }).failures).toEqual([
      { property: "paused", reason: `paused: expected true or false; got ${JSON.stringify(given)}` },
    ]);
  });
});

describe("cacheBuster given as a boolean", () => {
  it("becomes the 1 or 0 the service wants", () => {
    expect(monitor({ cacheBuster: false }).inputs?.cacheBuster).toBe(0);
    expect(monitor({ cacheBuster: true }).inputs?.cacheBuster).toBe(1);
  });
});

describe("an incident's text", () => {
  it.each(["404", "1", "true", "0"])("%j stays text, though it reads as a number or a boolean", (text) => {
    const r = checkIncident(
      { monitorId: 7, startedAt: "2026-03-02T09:00:00", cause: text, comment: text },
      "UTC",
      Date.now(),
    );
    expect(r.failures).toBeUndefined();
    expect(r.inputs).toMatchObject({ cause: text, comment: text });
  });
});
