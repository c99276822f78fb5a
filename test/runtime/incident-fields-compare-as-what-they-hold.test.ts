/**
 * An incident's fields compare by what they hold: its monitor by number (the same id as
 * text is the same monitor), its start as an instant, and its cause and comment as text,
 * so a cause that reads as a date changes with its spelling.
 */
import { describe, expect, it } from "vitest";
import { changedIncidentFields } from "../../src/runtime/incident/diff-incident";

const olds = { incidentId: 1, monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "2026-03-02T09:00:00 failover" };
const news = { monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "2026-03-02T09:00:00 failover" };

describe("an incident's fields", () => {
  it("see the same monitor in an id held as text", () => {
    expect(changedIncidentFields({ ...olds, monitorId: "7" as never }, news)).toEqual([]);
    expect(changedIncidentFields({ ...olds, monitorId: "8" as never }, news)).toEqual(["monitorId"]);
  });

  it("see a cause that reads as a date change with its spelling", () => {
    const state = { ...olds, cause: "2026-03-02T09:00:00" };
    expect(changedIncidentFields(state, { ...news, cause: "2026-03-02 09:00:00" })).toEqual(["cause"]);
    expect(changedIncidentFields(state, { ...news, cause: "2026-03-02T09:00:00" })).toEqual([]);
  });
});
