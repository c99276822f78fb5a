/**
 * start writes the monitors of a page while later pages of the selection are still being
 * read, each page recorded before its writes; a later page that never arrives (its
 * connection dropped) stops the run with exit 1, and the record holds exactly the monitors
 * changed, which end gives back.
 */
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture, until, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

it("silences and records the first page while the second is held, and end restores them after the second fails", async () => {
  // 101 monitors: a page of 100, then a page of one.
  const names = numbered("paged ");
  await createSideBySide(f.api, names);
  const [outside] = await f.monitors("other one");
  f.server.resetStats();
  const hold = f.holdLaterPages();
  const run = f.run(["start", "--search", "paged ", "--for", "10m"], { UPTIME_MAX_RETRIES: "0" });

  await hold.waitHeld(1);
  await until(() => f.patched() === 100);
  // Written while page 2 is still unanswered, and recorded before.
  expect(hold.held()).toBe(1);
  const during = f.record();
  expect(during.monitors).toHaveLength(100);
  expect(during.monitors.every((m) => m.before === null)).toBe(true);

  await hold.release("drop");
  const r = await run;
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/Stopped part way: \.uptime-maintenance\.json holds every monitor changed before that/);
  const record = f.record();
  expect(record.monitors).toHaveLength(100);
  expect(record.monitors.every((m) => m.outcome === "set")).toBe(true);
  expect(record.endedAt).toBeUndefined();
  const recorded = new Set(record.monitors.map((m) => m.id));
  const all = [];
  for await (const m of f.api.monitors.all({ search: "paged ", search_by: "name" })) all.push(m);
  expect(all).toHaveLength(101);
  for (const m of all) expect(m.status === "maintenance").toBe(recorded.has(m.id));

  const ended = await f.run(["end"]);
  expect(ended.code).toBe(0);
  expect(ended.stdout).toMatch(/Ended maintenance: 100 of 100 monitors changed back/);
  for (const m of all) expect(await windowOf(f.api, m.id)).toEqual([null, null]);
  expect(await windowOf(f.api, outside.id)).toEqual([null, null]);
});
