/** What `end` does to one monitor, from its window now, the window start opened and the one before. */
import { describe, expect, it } from "vitest";
import { decideEnd } from "../../src/maintenance/restore";

const ZONE = "Europe/Berlin";
const NOW = Date.parse("2026-06-01T10:00:00Z"); // 12:00 in Berlin
const opened = { start: "2026-06-01T11:55:00", end: "2026-06-01T12:30:00" };
const scheduled = { start: "2026-06-03T02:00:00", end: "2026-06-03T03:00:00" };
const past = { start: "2026-05-01T02:00:00", end: "2026-05-01T03:00:00" };

describe("end's decision for a monitor", () => {
  it("holding the window start opened: back to the window before, or none", () => {
    expect(decideEnd(opened, opened, { before: scheduled }, ZONE, NOW)).toEqual({ kind: "restore", to: scheduled });
    expect(decideEnd(opened, opened, { before: null }, ZONE, NOW)).toEqual({ kind: "restore", to: null });
  });

  it("compares instants, not spellings (the service may add fractions)", () => {
    const spelt = { start: "2026-06-01T11:55:00.000000", end: "2026-06-01T12:30:00.000000" };
    expect(decideEnd(spelt, opened, { before: null }, ZONE, NOW)).toEqual({ kind: "restore", to: null });
  });

  it("after the window is over: nothing, unless a window before it is still to come", () => {
    const later = Date.parse("2026-06-01T11:00:00Z"); // 13:00 in Berlin
    expect(decideEnd(opened, opened, { before: null }, ZONE, later)).toEqual({ kind: "expired" });
    expect(decideEnd(opened, opened, { before: past }, ZONE, later)).toEqual({ kind: "expired" });
    expect(decideEnd(opened, opened, { before: scheduled }, ZONE, later)).toEqual({ kind: "restore", to: scheduled });
  });

  it("already as before (never changed, or ended before): nothing", () => {
    expect(decideEnd(null, opened, { before: null }, ZONE, NOW)).toEqual({ kind: "as-before" });
    expect(decideEnd(scheduled, opened, { before: scheduled }, ZONE, NOW)).toEqual({ kind: "as-before" });
  });

  it("changed by someone since start: left alone, with what it holds now", () => {
    const theirs = { start: "2026-06-01T11:55:00", end: "2026-06-01T14:00:00" };
    expect(decideEnd(theirs, opened, { before: null }, ZONE, NOW)).toEqual({ kind: "changed", now: theirs });
    expect(decideEnd(null, opened, { before: scheduled }, ZONE, NOW)).toEqual({ kind: "changed", now: null });
  });

  it("a window another start had in progress at start: cleared, not given back, and nothing once this one is over", () => {
    const theirs = { start: "2026-06-01T11:40:37", end: "2026-06-01T12:40:00" };
    const recorded = { before: theirs, beforeInProgress: "maintenance-start" as const };
    expect(decideEnd(opened, opened, recorded, ZONE, NOW)).toEqual({ kind: "restore", to: null, notGivenBack: theirs });
    const later = Date.parse("2026-06-01T10:35:00Z"); // 12:35 in Berlin: this window over, theirs not
    expect(decideEnd(opened, opened, recorded, ZONE, later)).toEqual({ kind: "expired" });
    // One that was not another start's is given back, as any window before.
    const other = { before: theirs, beforeInProgress: "other" as const };
    expect(decideEnd(opened, opened, other, ZONE, NOW)).toEqual({ kind: "restore", to: theirs });
    // Never changed by this start (its write failed): still theirs, nothing to do.
    expect(decideEnd(theirs, opened, recorded, ZONE, NOW)).toEqual({ kind: "as-before" });
  });

  it("gone from the service", () => {
    expect(decideEnd(undefined, opened, { before: null }, ZONE, NOW)).toEqual({ kind: "gone" });
  });
});
