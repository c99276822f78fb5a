import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incident } from "../../src/dynamic/runtime";
import { checkedBy, providerHarness } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
let monitorId: number;
beforeAll(async () => {
  h = await providerHarness();
  monitorId = (await h.outOfBand.monitors.create({ name: "Has incidents", url: "https://i.example.com", interval: 60 }))
    .id;
});
afterAll(async () => {
  await h.close();
});

const checked = (bag: Record<string, unknown>) => checkedBy(incident, bag);

describe("Incident lifecycle against the local server", () => {
  it("creates, updates cause, ends in place, reads back and deletes", async () => {
    const inputs = await checked({ monitorId, startedAt: "2026-03-02T09:14:00", cause: "primary failover" });
    const { id, outs } = await incident.create(inputs);
    expect(outs).toMatchObject({ ...inputs, incidentId: Number(id), status: "unresolved" });
    expect((await h.outOfBand.monitors.get(monitorId)).status).toBe("offline");

    const recaused = await checked({ ...inputs, cause: "disk full", comment: "postmortem filed" });
    expect(await incident.diff(id, outs, recaused)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    const { outs: o2 } = await incident.update(id, outs, recaused);
    expect(o2).toMatchObject({ cause: "disk full", comment: "postmortem filed" });

    const ended = await checked({ ...recaused, endedAt: "2026-03-02T10:00:00" });
    expect((await incident.diff(id, o2, ended)).replaces).toEqual([]);
    const { outs: o3 } = await incident.update(id, o2, ended);
    expect(o3.status).toBe("resolved");
    expect((await h.outOfBand.monitors.get(monitorId)).status).toBe("online");

    const read = await incident.read(id, o3);
    expect(read.props).toMatchObject({
      monitorId,
      startedAt: "2026-03-02T09:14:00",
      endedAt: "2026-03-02T10:00:00",
      cause: "disk full",
      status: "resolved",
    });
    expect((await incident.diff(id, read.props, ended)).changes).toBe(false);

    // Once ended, a different end cannot be written: the diff asks for a replacement.
    expect((await incident.diff(id, read.props, { ...ended, endedAt: "2026-03-02T11:00:00" })).replaces).toEqual([
      "endedAt",
    ]);

    await incident.delete(id, o3);
    expect(await incident.read(id, o3)).toEqual({ id: "" });
    await expect(incident.delete(id, o3)).resolves.toBeUndefined();
  });

  it("check rejects a start in the future before any request", async () => {
    const before = h.server.requests.length;
    const r = await incident.check({}, { monitorId, startedAt: "2999-01-01T00:00:00" });
    expect(r.failures).toEqual([
      {
        property: "startedAt",
        reason:
          "startedAt: 2999-01-01T00:00:00 is in the future (time zone UTC); the service only records incidents that have happened",
      },
    ]);
    expect(h.server.requests.length).toBe(before);
  });

  it("check rejects an end before the start and a missing monitor id", async () => {
    const r = await incident.check({}, { startedAt: "2026-03-02T09:00:00", endedAt: "2026-03-02T08:00:00" });
    expect(r.failures).toEqual(
      expect.arrayContaining([
        { property: "monitorId", reason: "monitorId: is required" },
        { property: "endedAt", reason: "endedAt: must be after started_at (2026-03-02T09:00:00)" },
      ]),
    );
  });
});
