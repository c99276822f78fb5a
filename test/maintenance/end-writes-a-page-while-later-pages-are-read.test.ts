/**
 * end gives back the windows of a page while later pages are still being read; a later page
 * that never arrives (its connection dropped) ends the run with exit 1 after reporting what
 * was given back, and the record stays open, so a second end gives back the rest.
 */
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture, until, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

it("restores the first page while the second is held, keeps the record open when it fails, and a second end finishes", async () => {
  // 101 monitors: a page of 100, then a page of one.
  const names = numbered("paged ");
  await createSideBySide(f.api, names);
  expect((await f.run(["start", "--search", "paged ", "--for", "10m"])).code).toBe(0);
  f.server.resetStats();
  const hold = f.holdLaterPages();
  const run = f.run(["end", "--json"], { UPTIME_MAX_RETRIES: "0" });

  await hold.waitHeld(1);
  await until(() => f.patched() === 100);
  expect(hold.held()).toBe(1);

  await hold.release("drop");
  const first = await run;
  expect(first.code).toBe(1);
  expect(first.stderr).toMatch(/^pulumi-uptime maintenance end: GET \/api\/v1\/monitors/);
  const results = (JSON.parse(first.stdout) as { monitors: { id: number; result: string }[] }).monitors;
  expect(results).toHaveLength(100);
  expect(results.every((r) => r.result === "cleared")).toBe(true);
  expect(f.record().endedAt).toBeUndefined();
  const restored = new Set(results.map((r) => r.id));
  const left = f.record().monitors.find((m) => !restored.has(m.id))!;
  expect((await f.api.monitors.get(left.id)).status).toBe("maintenance");

  const second = await f.run(["end"]);
  expect(second.code).toBe(0);
  expect(second.stdout).toMatch(/Ended maintenance: 1 of 101 monitors changed back/);
  for (const m of f.record().monitors) expect(await windowOf(f.api, m.id)).toEqual([null, null]);
  expect(f.record().endedAt).toBeDefined();
});
