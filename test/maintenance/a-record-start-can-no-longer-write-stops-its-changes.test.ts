/**
 * start writes a page's monitors only once the record holds them: when the record can no
 * longer be written part way (here its path became a directory while the second page was
 * read), no monitor of that page is changed, and start says so and exits 1.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSideBySide, maintenanceFixture, until } from "./helpers";

let f: Awaited<ReturnType<typeof maintenanceFixture>>;
beforeAll(async () => {
  f = await maintenanceFixture("UTC");
});
afterAll(() => f?.close());

it("changes no monitor of a page it could not record, and exits 1 naming the record", async () => {
  // 101 monitors: a page of 100, then a page of one.
  await createSideBySide(
    f.api,
    Array.from({ length: 101 }, (_, i) => `paged ${String(i).padStart(3, "0")}`),
  );
  f.server.resetStats();
  const hold = f.server.hold({ methods: ["GET"], path: /^\/api\/v1\/monitors$/, after: 1 });
  const run = f.run(["start", "--search", "paged ", "--for", "10m", "--record", "rec.json"]);
  await hold.waitHeld(1);
  const patched = () => f.server.requests.filter((r) => r.method === "PATCH" && r.status === 200).length;
  await until(() => patched() === 100);
  const first = new Set(f.record("rec.json").monitors.map((m) => m.id));
  expect(first.size).toBe(100);

  rmSync(join(f.dir, "rec.json"));
  mkdirSync(join(f.dir, "rec.json"));
  await hold.release("handle");
  const r = await run;
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/cannot write the record rec\.json: \w+; no further monitor was changed/);
  expect(r.stderr).toMatch(/Stopped part way/);
  expect(patched()).toBe(100);
  const all = [];
  for await (const m of f.api.monitors.all({ search: "paged ", search_by: "name" })) all.push(m);
  const silenced = all.filter((m) => m.status === "maintenance").map((m) => m.id);
  expect(new Set(silenced)).toEqual(first);
});
