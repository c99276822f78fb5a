/**
 * `lastUpdate` reads `pulumi stack history --json` (newest first) and gives the start of the
 * newest update, skipping refreshes and previews; a stack never updated has none.
 */
import { afterAll, expect, test } from "vitest";
import { lastUpdate } from "../../src/stack/last-update";
import { standInPulumi } from "../support/stand-in-pulumi";

const updated = standInPulumi({
  "stack history": {
    stdout: JSON.stringify([
      { kind: "refresh", startTime: "2026-11-27T08:00:00Z" },
      { kind: "update", startTime: "2026-11-27T07:30:00Z" },
      { kind: "update", startTime: "2026-11-26T07:30:00Z" },
    ]),
  },
});
const inSeconds = standInPulumi({
  "stack history": { stdout: JSON.stringify([{ kind: "update", startTime: 1_800_000_000 }]) },
});
const fresh = standInPulumi({ "stack history": { stdout: "null" } });
afterAll(() => [updated, inSeconds, fresh].forEach((p) => p.remove()));

test("the newest update's start, in either form of its time", async () => {
  expect(await lastUpdate({ bin: updated.bin, cwd: updated.dir, env: {}, stack: "dev" })).toEqual({
    startMs: Date.parse("2026-11-27T07:30:00Z"),
  });
  expect(await lastUpdate({ bin: inSeconds.bin, cwd: inSeconds.dir, env: {} })).toEqual({ startMs: 1_800_000_000_000 });
});

test("a stack without an update has none", async () => {
  expect(await lastUpdate({ bin: fresh.bin, cwd: fresh.dir, env: {} })).toBeUndefined();
});
