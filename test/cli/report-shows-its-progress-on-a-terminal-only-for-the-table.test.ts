/**
 * `report`'s table is preceded, on a terminal, by a progress line while the incidents are read
 * (pages counted, the line cleared before the table); `--json`, `--markdown` and a stderr that
 * is not a terminal get none, so pipelines and files hold only the report.
 */
import { describe, expect, it } from "vitest";
import { sharedReportFixture } from "./report-fixture";

const PROGRESS = /\rReading incidents: \d+ pages/;

describe("report's progress line", () => {
  const fixture = sharedReportFixture();

  it("counts the pages read on a terminal, then clears itself before the table", async () => {
    const r = await fixture().run([], {}, undefined, true);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(PROGRESS);
    expect(r.stderr).toContain("\r\x1b[K");
    expect(r.stdout).not.toMatch(/Reading incidents/);
  });

  it("is not written for --json or --markdown, nor when stderr is no terminal", async () => {
    for (const [argv, tty] of [
      [["--json"], true],
      [["--markdown"], true],
      [[], false],
    ] as const) {
      const r = await fixture().run([...argv], {}, undefined, tty);
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/Reading incidents/);
    }
  });
});
