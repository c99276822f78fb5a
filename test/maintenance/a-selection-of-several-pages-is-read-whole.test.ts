/**
 * A selection over several list pages (pages after the first read side by side): start
 * silences every selected monitor once, and nothing else; end reads them back the same way.
 */
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture } from "./helpers";

const f = sharedMaintenanceFixture();

it("selects all 205 monitors of three pages, once each, and leaves the others alone", async () => {
  const names = numbered("paged ", 205);
  const created = await createSideBySide(f.api, names);
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
