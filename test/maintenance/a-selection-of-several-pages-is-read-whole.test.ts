/**
 * A selection over several list pages (pages after the first read side by side): start
 * silences every selected monitor once, and nothing else; end reads them back the same way.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { maintenanceFixture } from "./helpers";

let f: Awaited<ReturnType<typeof maintenanceFixture>>;
beforeAll(async () => {
  f = await maintenanceFixture("UTC");
});
afterAll(() => f?.close());

it("selects all 205 monitors of three pages, once each, and leaves the others alone", async () => {
  const names = Array.from({ length: 205 }, (_, i) => `paged ${String(i).padStart(3, "0")}`);
  const created = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < names.length) {
        const name = names[next++];
        created.set(name, (await f.api.monitors.create({ name, url: "http://127.0.0.1:9/", interval: 60 })).id);
      }
    }),
  );
  await f.monitors("other one", "other two");

  const started = await f.run(["start", "--search", "paged ", "--for", "10m"]);
  expect(started.code).toBe(0);
  const ids = f.record().monitors.map((m) => m.id);
  expect(ids).toHaveLength(205);
  expect(new Set(ids)).toEqual(new Set(created.values()));
  const ended = await f.run(["end", "--json"]);
  expect(ended.code).toBe(0);
  const results = (JSON.parse(ended.stdout) as { monitors: { result: string }[] }).monitors;
  expect(results.filter((r) => r.result === "cleared")).toHaveLength(205);
});
