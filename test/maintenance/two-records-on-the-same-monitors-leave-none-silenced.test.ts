/**
 * Two pipelines silence the same monitors, each with its own record: A opens an hour, B ten
 * minutes while A's window is in progress. Whichever ends first, once both have ended no
 * monitor is silenced: B's `end` does not give back A's window, which B found in progress
 * and which carries the mark of a `maintenance start`.
 */
import { expect, it } from "vitest";
import { sharedMaintenanceFixture } from "./helpers";

const f = sharedMaintenanceFixture("Europe/Berlin");

it.each([
  ["A ends, then B", ["a.json", "b.json"]],
  ["B ends, then A", ["b.json", "a.json"]],
])("%s: no monitor is left silenced", async (order, ends) => {
  const prefix = `shared ${order} `;
  const monitors = await f.monitors(`${prefix}api`, `${prefix}web`);
  expect((await f.run(["start", "--name-prefix", prefix, "--for", "1h", "--record", "a.json"])).code).toBe(0);
  expect((await f.run(["start", "--name-prefix", prefix, "--for", "10m", "--record", "b.json"])).code).toBe(0);
  for (const m of monitors) expect((await f.api.monitors.get(m.id)).status).toBe("maintenance");

  for (const record of ends) expect((await f.run(["end", "--record", record])).code).toBe(0);
  for (const m of monitors) {
    const live = await f.api.monitors.get(m.id);
    expect(live.status, `${live.name}: ${live.maintenance_start_at} to ${live.maintenance_end_at}`).not.toBe(
      "maintenance",
    );
  }
});
