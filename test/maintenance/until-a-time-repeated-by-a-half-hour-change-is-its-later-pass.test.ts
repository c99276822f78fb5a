/**
 * `--until` a wall time that happens twice is its later pass, so that the window is never
 * short, whatever the size of the change: Lord Howe Island turns its clocks back by half
 * an hour (2026-04-05, 02:00 +11:00 to 01:30 +10:30), so 01:30-02:00 happens twice.
 */
import { expect, it } from "vitest";
import { planWindow } from "../../src/maintenance/window";

it("--until 01:45 on Lord Howe's change day ends at the second 01:45 (+10:30)", () => {
  const now = Date.parse("2026-04-04T12:00:00Z"); // 23:00 +11:00 the evening before
  const w = planWindow({ until: "2026-04-05T01:45" }, "Australia/Lord_Howe", now);
  expect(w.endMs).toBe(Date.parse("2026-04-04T15:15:00Z"));
});
