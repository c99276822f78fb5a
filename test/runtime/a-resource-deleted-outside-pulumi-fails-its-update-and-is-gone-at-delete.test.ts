/**
 * Monitor and incident alike, through the runtime's operations against the in-process
 * stand-ins (test/support/fake-monitor-service.ts, fake-incident-service.ts): an update of
 * one deleted outside Pulumi fails saying so (and how to recreate it), and a delete of one
 * already gone is done. (Their other lifecycle steps: *-lifecycle-on-an-in-process-service.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { monitorClaims } from "../../src/runtime/monitor/claims";
import { incidentOperations, monitorOperations } from "../../src/runtime/operations";
import { fakeIncidentService } from "../support/fake-incident-service";
import { fakeMonitorService } from "../support/fake-monitor-service";
import type { FakeService } from "../support/fake-service";

const services: FakeService[] = [];
afterEach(async () => {
  monitorClaims.clear();
  await Promise.all(services.splice(0).map((s) => s.client.close()));
});

/** Each resource: its operations on a fresh stand-in, what the stand-in holds, valid inputs and a change to them. */
const KINDS = [
  {
    kind: "monitor",
    start() {
      const s = fakeMonitorService();
      services.push(s);
      return { ops: monitorOperations({ client: () => s.client, timeZone: () => "UTC" }), held: s.monitors };
    },
    inputs: { name: "api", url: "https://api.example", interval: 60, __resourceName: "api" },
    change: { interval: 300 },
  },
  {
    kind: "incident",
    start() {
      const s = fakeIncidentService();
      services.push(s);
      return { ops: incidentOperations({ client: () => s.client, timeZone: () => "UTC" }), held: s.incidents };
    },
    inputs: { monitorId: 3, startedAt: "2026-01-01T00:00:00", cause: "down", __resourceName: "outage" },
    change: { comment: "x" },
  },
];

describe.each(KINDS)("a $kind deleted outside Pulumi", ({ kind, start, inputs, change }) => {
  it("fails its update, saying so", async () => {
    const { ops, held } = start();
    const made = await ops.create(inputs);
    held.clear();
    await expect(ops.update(made.id, made.outs, { ...inputs, ...change })).rejects.toThrow(
      new RegExp(`${kind} 1 was deleted outside Pulumi`),
    );
  });

  it("is done at delete, as one Pulumi deleted is", async () => {
    const { ops, held } = start();
    const made = await ops.create(inputs);
    await ops.delete(made.id, made.outs);
    expect(held.size).toBe(0);
    await expect(ops.delete(made.id, made.outs)).resolves.toBeUndefined();
  });
});
