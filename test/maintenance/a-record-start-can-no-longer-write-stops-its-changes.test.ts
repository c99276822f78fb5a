/**
 * start writes a page's monitors only once the record holds them: when the record can no
 * longer be written part way (here its path became a directory while the second page was
 * read), no monitor of that page is changed, and start says so and exits 1.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture, until } from "./helpers";

const f = sharedMaintenanceFixture();

it("changes no monitor of a page it could not record, and exits 1 naming the record", async () => {
  // 101 monitors: a page of 100, then a page of one.
  await createSideBySide(f.api, numbered("paged "));
  f.server.resetStats();
  const hold = f.holdLaterPages();
  const run = f.run(["start", "--search", "paged ", "--for", "10m", "--record", "rec.json"]);
  await hold.waitHeld(1);
  await until(() => f.patched() === 100);
  const first = new Set(f.record("rec.json").monitors.map((m) => m.id));
  expect(first.size).toBe(100);

  rmSync(join(f.dir, "rec.json"));
  mkdirSync(join(f.dir, "rec.json"));
  await hold.release("handle");
  const r = await run;
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/cannot write the record rec\.json: \w+; no further monitor was changed/);
  expect(r.stderr).toMatch(/Stopped part way/);
  expect(f.patched()).toBe(100);
  const all = [];
  for await (const m of f.api.monitors.all({ search: "paged ", search_by: "name" })) all.push(m);
  const silenced = all.filter((m) => m.status === "maintenance").map((m) => m.id);
  expect(new Set(silenced)).toEqual(first);
});
