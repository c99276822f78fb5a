/**
 * The incident's mapping between the program and the API (incident/incident-props.ts),
 * without a request: what a create and an update send, what the state holds from a read,
 * and which write-once dates the program wrote, so that a date the service set on its own
 * is told apart from one the program declared.
 */
import { describe, expect, it } from "vitest";
import {
  PROGRAM_WROTE_KEY,
  incidentFromApi,
  programWrote,
  toIncidentCreateBody,
  toIncidentOutputs,
  toIncidentUpdateBody,
  type IncidentInputs,
} from "../../src/runtime/incident/incident-props";
import type { Incident } from "../../src/schemas";

const inputs: IncidentInputs = { monitorId: 3, startedAt: "2026-01-01T00:00:00" };
const live = (more: Partial<Incident> = {}): Incident =>
  ({
    id: 9,
    monitor_id: 3,
    status: "unresolved",
    started_at: "2026-01-01T00:00:00",
    acknowledged_at: null,
    ended_at: null,
    cause: null,
    comment: null,
    ...more,
  }) as Incident;

describe("what is sent", () => {
  it("a create sends the monitor and start, and only the other fields that hold a value", () => {
    expect(toIncidentCreateBody({ ...inputs, cause: "", comment: null })).toEqual({
      monitor_id: 3,
      started_at: "2026-01-01T00:00:00",
    });
    expect(
      toIncidentCreateBody({
        ...inputs,
        acknowledgedAt: "2026-01-01T00:10:00",
        endedAt: "2026-01-01T01:00:00",
        cause: "down",
        comment: "seen",
      }),
    ).toEqual({
      monitor_id: 3,
      started_at: "2026-01-01T00:00:00",
      acknowledged_at: "2026-01-01T00:10:00",
      ended_at: "2026-01-01T01:00:00",
      cause: "down",
      comment: "seen",
    });
  });

  it("an update sends only changed fields; cleared text is sent as null, a cleared date not at all", () => {
    const full = {
      ...inputs,
      acknowledgedAt: "2026-01-01T00:10:00",
      endedAt: "2026-01-01T01:00:00",
      cause: "c",
      comment: "k",
    };
    expect(toIncidentUpdateBody(full, ["endedAt"])).toEqual({ ended_at: "2026-01-01T01:00:00" });
    expect(toIncidentUpdateBody(full, ["acknowledgedAt", "cause", "comment"])).toEqual({
      acknowledged_at: "2026-01-01T00:10:00",
      cause: "c",
      comment: "k",
    });
    expect(toIncidentUpdateBody(inputs, ["acknowledgedAt", "endedAt", "cause", "comment"])).toEqual({
      cause: null,
      comment: null,
    });
    expect(toIncidentUpdateBody(full, [])).toEqual({});
  });
});

describe("what the state holds", () => {
  it("a read maps the API's names to the program's, empty values left out and dates kept", () => {
    expect(incidentFromApi(live({ cause: "down", created_at: "2026-01-01T00:00:01" }))).toEqual({
      incidentId: 9,
      monitorId: 3,
      status: "unresolved",
      startedAt: "2026-01-01T00:00:00",
      acknowledgedAt: undefined,
      endedAt: undefined,
      cause: "down",
      comment: undefined,
      createdAt: "2026-01-01T00:00:01",
      updatedAt: null,
    });
  });

  it("a write-once date the program declared is recorded as the program's", () => {
    const outs = toIncidentOutputs(
      { ...inputs, endedAt: "2026-01-01T01:00:00" },
      live({ ended_at: "2026-01-01T01:00:00", status: "resolved" }),
    );
    expect(outs.endedAt).toBe("2026-01-01T01:00:00");
    expect(outs[PROGRAM_WROTE_KEY]).toEqual({ endedAt: "2026-01-01T01:00:00" });
    expect(outs.incidentId).toBe(9);
    expect(outs.status).toBe("resolved");
  });

  it("a date the service set on its own is held as read and not recorded as the program's", () => {
    const outs = toIncidentOutputs(inputs, live({ ended_at: "2026-01-01T02:00:00" }));
    expect(outs.endedAt).toBe("2026-01-01T02:00:00");
    expect(outs).not.toHaveProperty(PROGRAM_WROTE_KEY);
  });

  it("a date the program wrote earlier and no longer declares stays the program's", () => {
    const outs = toIncidentOutputs(inputs, live({ acknowledged_at: "2026-01-01T00:10:00" }), {
      acknowledgedAt: "2026-01-01T00:10:00",
    });
    expect(outs.acknowledgedAt).toBe("2026-01-01T00:10:00");
    expect(outs[PROGRAM_WROTE_KEY]).toEqual({ acknowledgedAt: "2026-01-01T00:10:00" });
  });

  it("a declared date the service holds otherwise is held as read", () => {
    const outs = toIncidentOutputs(
      { ...inputs, endedAt: "2026-01-01T05:00:00" },
      live({ ended_at: "2026-01-01T02:00:00" }),
      { endedAt: "2026-01-01T03:00:00" },
    );
    expect(outs.endedAt).toBe("2026-01-01T02:00:00");
    expect(outs).not.toHaveProperty(PROGRAM_WROTE_KEY);
  });

  it("whether the program wrote a date is read from the state: the date it wrote is the one held", () => {
    const olds = { endedAt: "2026-01-01T01:00:00", [PROGRAM_WROTE_KEY]: { endedAt: "2026-01-01T01:00:00" } };
    expect(programWrote(olds, "endedAt")).toBe(true);
    expect(programWrote({ ...olds, endedAt: "2026-01-01T01:00:01" }, "endedAt")).toBe(false);
    expect(programWrote({ endedAt: "2026-01-01T01:00:00" }, "endedAt")).toBe(false);
    expect(programWrote({ [PROGRAM_WROTE_KEY]: { endedAt: "2026-01-01T01:00:00" } }, "endedAt")).toBe(false);
    expect(programWrote(olds, "acknowledgedAt")).toBe(false);
  });
});
