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
    expect(decideEnd(opened, opened, scheduled, ZONE, NOW)).toEqual({ kind: "restore", to: scheduled });
    expect(decideEnd(opened, opened, null, ZONE, NOW)).toEqual({ kind: "restore", to: null });
  });

  it("compares instants, not spellings (the service may add fractions)", () => {
    const spelt = { start: "2026-06-01T11:55:00.000000", end: "2026-06-01T12:30:00.000000" };
    expect(decideEnd(spelt, opened, null, ZONE, NOW)).toEqual({ kind: "restore", to: null });
  });

  it("after the window is over: nothing, unless a window before it is still to come", () => {
    const later = Date.parse("2026-06-01T11:00:00Z"); // 13:00 in Berlin
    expect(decideEnd(opened, opened, null, ZONE, later)).toEqual({ kind: "expired" });
    expect(decideEnd(opened, opened, past, ZONE, later)).toEqual({ kind: "expired" });
    expect(decideEnd(opened, opened, scheduled, ZONE, later)).toEqual({ kind: "restore", to: scheduled });
  });

  it("already as before (never changed, or ended before): nothing", () => {
    expect(decideEnd(null, opened, null, ZONE, NOW)).toEqual({ kind: "as-before" });
    expect(decideEnd(scheduled, opened, scheduled, ZONE, NOW)).toEqual({ kind: "as-before" });
  });

  it("changed by someone since start: left alone, with what it holds now", () => {
    const theirs = { start: "2026-06-01T11:55:00", end: "2026-06-01T14:00:00" };
    expect(decideEnd(theirs, opened, null, ZONE, NOW)).toEqual({ kind: "changed", now: theirs });
    expect(decideEnd(null, opened, scheduled, ZONE, NOW)).toEqual({ kind: "changed", now: null });
  });

  it("gone from the service", () => {
    expect(decideEnd(undefined, opened, null, ZONE, NOW)).toEqual({ kind: "gone" });
  });
});
