/**
 * `--until H:i` names the next such time. On the day the clocks skip forward, a time inside
 * the skipped hour that is already behind us is tomorrow's, which happens; only one still
 * ahead today (and so never happening) is refused.
 */
import { expect, it } from "vitest";
import { planWindow } from "../../src/maintenance/window";

const NY = "America/New_York";
// 2026-03-08: at 02:00 EST New York skips to 03:00 EDT.

it("--until 02:30 after the skipped hour ends tomorrow at 02:30", () => {
  const now = Date.parse("2026-03-08T14:00:00Z"); // 10:00 EDT
  const w = planWindow({ until: "02:30" }, NY, now);
  expect(w.end).toBe("2026-03-09T02:30:00");
  expect(w.endMs).toBe(Date.parse("2026-03-09T06:30:00Z"));
});

it("--until 02:30 before the skipped hour is refused, naming it", () => {
  const now = Date.parse("2026-03-08T06:00:00Z"); // 01:00 EST
  expect(() => planWindow({ until: "02:30" }, NY, now)).toThrow(
    /2026-03-08T02:30:00 does not happen in America\/New_York/,
  );
});
