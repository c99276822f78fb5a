/**
 * A monitor's figures for a known history: an incident across the period's start (clipped),
 * one acknowledged, one still open (counted to the period's end), a monitor created inside
 * the period (measured from its creation) with overlapping incidents (merged), and the
 * budget and burn rates of a 99.9% SLO.
 */
import { describe, expect, it } from "vitest";
import { monitorFigures } from "../../src/report/figures";
import { INCIDENTS, NEW, OLD, OLD_FIGURES, PERIOD, PLAIN } from "./history";

describe("monitor figures", () => {
  it("clip the incident across the start, count the open one to the end, and average ack and repair", () => {
    const { figures } = monitorFigures(OLD, INCIDENTS.get(OLD.id)!, PERIOD, 99.9);
    expect(figures).toEqual(OLD_FIGURES);
  });

  it("measure a monitor created inside the period from its creation, overlapping incidents merged", () => {
    const { figures } = monitorFigures(NEW, INCIDENTS.get(NEW.id)!, PERIOD, 99.9);
    expect(figures).toMatchObject({
      availability: 99.4444,
      downtimeSeconds: 7200,
      incidents: 2,
      ongoing: false,
      longestSeconds: 7200,
      mttaSeconds: null,
      mttrSeconds: 4500,
      measuredFrom: "2026-01-16T00:00:00.000Z",
      periodSeconds: 1_296_000,
      budget: { allowedSeconds: 1296, remainingSeconds: -5904, burnRate1h: 0, burnRate6h: 0 },
    });
  });

  it("give a monitor without incidents all of its budget, and no budget without an SLO", () => {
    const { figures } = monitorFigures(PLAIN, [], PERIOD, 99.5);
    expect(figures).toMatchObject({ availability: 100, downtimeSeconds: 0, incidents: 0, ongoing: false });
    expect(figures.budget).toEqual({
      allowedSeconds: 12_960,
      remainingSeconds: 12_960,
      remainingPercent: 100,
      burnRate1h: 0,
      burnRate6h: 0,
    });
    expect(monitorFigures(OLD, INCIDENTS.get(OLD.id)!, PERIOD).figures.budget).toBeUndefined();
  });

  it("measure nothing of a monitor created after the period", () => {
    const later = { ...NEW, createdMs: PERIOD.untilMs + 1000 };
    expect(monitorFigures(later, [], PERIOD, 99.9).figures).toMatchObject({
      availability: 100,
      periodSeconds: 0,
      measuredFrom: "2026-01-31T00:00:00.000Z",
      budget: { allowedSeconds: 0, remainingPercent: 100 },
    });
  });
});
