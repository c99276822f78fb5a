/**
 * A service that fails part of start's writes (the local server's fault injection): the
 * monitors it could not change are named, exit 1, and the record still lets `end` give
 * back what was changed.
 */
import { expect, it } from "vitest";
import { sharedMaintenanceFixture, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

it("names the monitors start could not change, exits 1, and end restores the others", async () => {
  const monitors = await f.monitors("half a", "half b", "half c", "half d");
  // Two PATCHes answer 500, and the client does not retry them.
  f.server.setFaults({ rate: 1, kinds: ["500"], methods: ["PATCH"], limit: 2 });
  const r = await f.run(["start", "--search", "half", "--for", "10m"], { UPTIME_MAX_RETRIES: "0" });
  f.server.setFaults(undefined);
  expect(r.code).toBe(1);
  const record = f.record();
  const failed = record.monitors.filter((m) => m.outcome === "failed");
  expect(failed).toHaveLength(2);
  expect(record.monitors.filter((m) => m.outcome === "set")).toHaveLength(2);
  for (const m of failed) expect(r.stdout + r.stderr).toContain(`${m.name} (id ${m.id}): `);
  expect(r.stdout).toMatch(/Could not change 2:/);

  const silenced = await Promise.all(
    monitors.map(async (m) => (await f.api.monitors.get(m.id)).status === "maintenance"),
  );
  expect(silenced.filter(Boolean)).toHaveLength(2);

  const ended = await f.run(["end"]);
  expect(ended.code).toBe(0);
  for (const m of monitors) expect(await windowOf(f.api, m.id)).toEqual([null, null]);
  expect(ended.stdout).toMatch(/Ended maintenance: 2 of 4 monitors changed back/);
});
