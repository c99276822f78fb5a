/**
 * The incident diff: store-only fields replace; cause and comment update in place; a
 * write-once field updates in place the first time, replaces when a value this program
 * wrote changes, and never counts as a change when the value is the service's own.
 */
import { describe, expect, it } from "vitest";
import { incident } from "../../src/dynamic/runtime";
import { UNKNOWN } from "../../src/runtime/unknowns";

/** Pulumi's diff of an incident, as the engine asks the dynamic provider for it. */
const diffIncident = (olds: object, news: object) => incident.diff("1", olds, news);

const olds = {
  incidentId: 3,
  status: "unresolved",
  monitorId: 7,
  startedAt: "2026-03-02T09:14:00",
  cause: "primary failover",
};
const news = (patch: Record<string, unknown> = {}) => ({
  monitorId: 7,
  startedAt: "2026-03-02T09:14:00",
  cause: "primary failover",
  ...patch,
});

describe("Incident diff", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, { changes: boolean; replaces: string[] }]>([
    ["no change", {}, {}, { changes: false, replaces: [] }],
    [
      "the same start in the service's format",
      { startedAt: "2026-03-02T09:14:00.000000Z" },
      {},
      { changes: false, replaces: [] },
    ],
    ["cause", {}, { cause: "disk full" }, { changes: true, replaces: [] }],
    ["cause removed", {}, { cause: undefined }, { changes: true, replaces: [] }],
    ["comment added", {}, { comment: "postmortem filed" }, { changes: true, replaces: [] }],
    ["monitorId", {}, { monitorId: 8 }, { changes: true, replaces: ["monitorId"] }],
    ["startedAt", {}, { startedAt: "2026-03-02T09:15:00" }, { changes: true, replaces: ["startedAt"] }],
    [
      "acknowledgedAt first set: in place",
      {},
      { acknowledgedAt: "2026-03-02T09:20:00" },
      { changes: true, replaces: [] },
    ],
    ["endedAt first set: in place", {}, { endedAt: "2026-03-02T10:00:00" }, { changes: true, replaces: [] }],
    // A value this program wrote is the program's: changing it replaces the incident.
    [
      "acknowledgedAt the program wrote, changed",
      { acknowledgedAt: "2026-03-02T09:20:00", __programWrote: { acknowledgedAt: "2026-03-02T09:20:00" } },
      { acknowledgedAt: "2026-03-02T09:25:00" },
      { changes: true, replaces: ["acknowledgedAt"] },
    ],
    [
      "endedAt the program wrote, changed",
      { endedAt: "2026-03-02T10:00:00", __programWrote: { endedAt: "2026-03-02T10:00:00.000000Z" } },
      { endedAt: "2026-03-02T10:05:00" },
      { changes: true, replaces: ["endedAt"] },
    ],
    [
      "endedAt the program wrote, unknown now",
      { endedAt: "2026-03-02T10:00:00", __programWrote: { endedAt: "2026-03-02T10:00:00" } },
      { endedAt: UNKNOWN },
      { changes: true, replaces: ["endedAt"] },
    ],
    // Removing it cannot clear it (the service keeps the first value) and does not reopen the incident.
    [
      "endedAt the program wrote, no longer declared",
      { endedAt: "2026-03-02T10:00:00", __programWrote: { endedAt: "2026-03-02T10:00:00" } },
      {},
      { changes: false, replaces: [] },
    ],
    // A value the service wrote (its checker ended the incident) is the service's: never a change.
    [
      "endedAt the service wrote, not declared",
      { endedAt: "2026-03-02T10:00:00", status: "resolved" },
      {},
      { changes: false, replaces: [] },
    ],
    [
      "acknowledgedAt the service holds, not declared",
      { acknowledgedAt: "2026-03-02T09:20:00" },
      {},
      { changes: false, replaces: [] },
    ],
    [
      "endedAt the service wrote, another value declared: not fought",
      { endedAt: "2026-03-02T10:00:00" },
      { endedAt: "2026-03-02T10:30:00" },
      { changes: false, replaces: [] },
    ],
    [
      "endedAt the service wrote, unknown declared",
      { endedAt: "2026-03-02T10:00:00" },
      { endedAt: UNKNOWN },
      { changes: false, replaces: [] },
    ],
    [
      "the program wrote another value than the service holds (stale record): the service's",
      { endedAt: "2026-03-02T10:00:00", __programWrote: { endedAt: "2026-03-02T09:59:00" } },
      { endedAt: "2026-03-02T09:59:00" },
      { changes: false, replaces: [] },
    ],
    ["endedAt unknown while the service has none: in place", {}, { endedAt: UNKNOWN }, { changes: true, replaces: [] }],
    [
      "endedAt unchanged in another format",
      { endedAt: "2026-03-02T10:00:00.000000Z" },
      { endedAt: "2026-03-02T10:00:00" },
      { changes: false, replaces: [] },
    ],
    ["unknown monitorId", {}, { monitorId: UNKNOWN }, { changes: true, replaces: ["monitorId"] }],
    ["unknown cause", {}, { cause: UNKNOWN }, { changes: true, replaces: [] }],
  ])("%s", async (_, state, patch, expected) => {
    const d = await diffIncident({ ...olds, ...state }, news(patch));
    expect(d).toEqual({ ...expected, deleteBeforeReplace: expected.replaces.length > 0 });
  });
});
