import { describe, expect, it } from "vitest";
import { diffIncident } from "../../src/providers/incident/diff";
import { UNKNOWN } from "../../src/providers/unknown";

const olds = { incidentId: 3, status: "unresolved", monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "primary failover" };
const news = (patch: Record<string, unknown> = {}) => ({ monitorId: 7, startedAt: "2026-03-02T09:14:00", cause: "primary failover", ...patch });

describe("Incident diff", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, { changes: boolean; replaces: string[] }]>([
    ["no change", {}, {}, { changes: false, replaces: [] }],
    ["the same start in the service's format", { startedAt: "2026-03-02T09:14:00.000000Z" }, {}, { changes: false, replaces: [] }],
    ["cause", {}, { cause: "disk full" }, { changes: true, replaces: [] }],
    ["cause removed", {}, { cause: undefined }, { changes: true, replaces: [] }],
    ["comment added", {}, { comment: "postmortem filed" }, { changes: true, replaces: [] }],
    ["monitorId", {}, { monitorId: 8 }, { changes: true, replaces: ["monitorId"] }],
    ["startedAt", {}, { startedAt: "2026-03-02T09:15:00" }, { changes: true, replaces: ["startedAt"] }],
    ["acknowledgedAt first set: in place", {}, { acknowledgedAt: "2026-03-02T09:20:00" }, { changes: true, replaces: [] }],
    ["endedAt first set: in place", {}, { endedAt: "2026-03-02T10:00:00" }, { changes: true, replaces: [] }],
    ["acknowledgedAt changed once the service has it", { acknowledgedAt: "2026-03-02T09:20:00" }, { acknowledgedAt: "2026-03-02T09:25:00" }, { changes: true, replaces: ["acknowledgedAt"] }],
    ["endedAt removed once the service has it", { endedAt: "2026-03-02T10:00:00" }, {}, { changes: true, replaces: ["endedAt"] }],
    ["endedAt unchanged in another format", { endedAt: "2026-03-02T10:00:00.000000Z" }, { endedAt: "2026-03-02T10:00:00" }, { changes: false, replaces: [] }],
    ["unknown monitorId", {}, { monitorId: UNKNOWN }, { changes: true, replaces: ["monitorId"] }],
    ["unknown cause", {}, { cause: UNKNOWN }, { changes: true, replaces: [] }],
  ])("%s", (_, state, patch, expected) => {
    const d = diffIncident({ ...olds, ...state }, news(patch));
    expect(d).toEqual({ ...expected, deleteBeforeReplace: expected.replaces.length > 0 });
  });
});
