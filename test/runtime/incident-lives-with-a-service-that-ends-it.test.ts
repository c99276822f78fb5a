/**
 * The Incident provider against a local server that checks: the service ends a declared
 * incident when the monitor recovers, and writes the end itself. That end is the
 * service's: a refresh records it, and neither it nor a different end declared later is
 * fought (no replace, no update loop). An end the program wrote is still the program's
 * to change.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { incident } from "../../src/dynamic/runtime";
import type { Target } from "../support/targets";
import { checkedBy, checkingHarness } from "./helpers";

let h: Awaited<ReturnType<typeof checkingHarness>>;
let target: Target;
beforeAll(async () => {
  h = await checkingHarness();
  target = h.target;
});
afterAll(async () => {
  await h.close();
});

const checked = (bag: Record<string, unknown>) => checkedBy(incident, bag);
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

async function healthyMonitor(name: string): Promise<number> {
  return (await h.outOfBand.monitors.create({ name, url: `${target.url}/${encodeURIComponent(name)}`, interval: 60 }))
    .id;
}

/** Creates the incident a program declares with `fields` on a new monitor of the healthy target. */
async function declaredOnAHealthyMonitor(monitorName: string, fields: Record<string, unknown>) {
  const inputs = await checked({ monitorId: await healthyMonitor(monitorName), ...fields });
  return { inputs, ...(await incident.create(inputs)) };
}

test("an end the service wrote is recorded by refresh and left alone by the next diff", async () => {
  const { inputs, id, outs } = await declaredOnAHealthyMonitor("ended by the service", {
    startedAt: "2026-01-05T08:00:00",
    cause: "deploy went wrong",
    __resourceName: "outage",
  });
  expect(outs.status).toBe("unresolved");

  // The target is healthy: the checker ends the incident.
  await h.server.runChecks();
  const live = await h.outOfBand.incidents.get(Number(id));
  expect(live.status).toBe("resolved");

  const refreshed = await incident.read(id, outs);
  expect(refreshed.props).toMatchObject({ status: "resolved", endedAt: live.ended_at });
  expect(refreshed.props.__programWrote).toBeUndefined();
  expect(await incident.diff(id, refreshed.props, inputs)).toEqual(NO_CHANGE);
  // Even without a refresh, the state the program wrote asks for nothing.
  expect(await incident.diff(id, outs, inputs)).toEqual(NO_CHANGE);
});

test("an end declared after the service already ended it is not fought", async () => {
  const { inputs, id, outs } = await declaredOnAHealthyMonitor("declared too late", {
    startedAt: "2026-01-06T08:00:00",
    __resourceName: "late",
  });
  await h.server.runChecks();
  const serviceEnd = (await h.outOfBand.incidents.get(Number(id))).ended_at;

  // The program adds its own end; its state (no refresh) still says ongoing: an update in place.
  const withEnd = await checked({ ...inputs, endedAt: "2026-01-06T09:00:00" });
  expect(await incident.diff(id, outs, withEnd)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  const { outs: updated } = await incident.update(id, outs, withEnd);
  // The service kept its first value, and the outputs say so rather than echo the program.
  expect(updated).toMatchObject({ endedAt: serviceEnd, status: "resolved" });
  expect(updated.__programWrote).toBeUndefined();
  expect(await incident.diff(id, updated, withEnd)).toEqual(NO_CHANGE);
  const refreshed = await incident.read(id, updated);
  expect(await incident.diff(id, refreshed.props, withEnd)).toEqual(NO_CHANGE);
  expect((await h.outOfBand.incidents.get(Number(id))).ended_at).toBe(serviceEnd);
});

test("an end the program wrote stays the program's across a refresh: changing it replaces", async () => {
  const { inputs, id, outs } = await declaredOnAHealthyMonitor("ended by the program", {
    startedAt: "2026-01-07T08:00:00",
    endedAt: "2026-01-07T08:30:00",
    __resourceName: "history",
  });
  expect(outs.__programWrote).toEqual({ endedAt: "2026-01-07T08:30:00" });
  await h.server.runChecks();
  const refreshed = await incident.read(id, outs);
  expect(refreshed.props.__programWrote).toEqual({ endedAt: "2026-01-07T08:30:00" });
  expect(await incident.diff(id, refreshed.props, inputs)).toEqual(NO_CHANGE);
  const moved = await checked({ ...inputs, endedAt: "2026-01-07T08:45:00" });
  expect(await incident.diff(id, refreshed.props, moved)).toEqual({
    changes: true,
    replaces: ["endedAt"],
    deleteBeforeReplace: true,
  });
});
