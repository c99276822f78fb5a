/**
 * `report`'s gate and outputs on the known history: each gate's exit code (1 names what
 * failed, 0 when under the threshold), `--markdown` and `--junit`'s shapes, bad periods,
 * selections and settings exiting 2 with the flag named and nothing read, and the API key in
 * no output, not even when the service refuses it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEY, sharedReportFixture } from "./report-fixture";

describe("report's gate and outputs", () => {
  const fixture = sharedReportFixture();

  it("--fail-under-budget exits 1 naming each monitor and group under it, 0 when none is", async () => {
    const failed = await fixture().run(["--slo", "99.9", "--fail-under-budget", "10", "--name-prefix", "prod/"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      `prod/shop/api (id ${fixture().monitors.old.id}): -177.78% of its error budget left, under 10%`,
    );
    expect(failed.stderr).toContain("group prod/shop/: -224.07% of its error budget left, under 10%");
    const passed = await fixture().run(["--slo", "99.9", "--fail-under-budget", "50", "--name-prefix", "blog"]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/^blog +100% +0s +0 +100% +43m12s +0$/m);
  });

  it("--fail-on-burn-rate exits 1 at the last hour's rate, 0 above it", async () => {
    const failed = await fixture().run(["--slo", "99.9", "--fail-on-burn-rate", "500", "--group-by", "none"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /The gate fails:\n {2}prod\/shop\/api \(id \d+\): burn rate over the last hour 500, at least 500\n$/,
    );
    expect((await fixture().run(["--slo", "99.9", "--fail-on-burn-rate", "501"])).code).toBe(0);
  });

  it("--markdown gives a table for a summary, with the failures; --junit a test case per monitor and group", async () => {
    const r = await fixture().run(["--slo", "99.9", "--fail-under-budget", "0", "--markdown", "--junit", "report.xml"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^### Availability, 2026-01-01T00:00:00.000Z to 2026-01-31T00:00:00.000Z, SLO 99.9%\n\n/);
    expect(r.stdout).toContain("| Monitor | Availability | Down | Incidents | Budget left | Left | Burn 1h |");
    expect(r.stdout).toContain("| prod/shop/api | 99.7222% | 2h | 3 (open) | -177.78% | -1h16m48s | 500 |");
    expect(r.stdout).toContain("**The gate fails:**");
    const xml = readFileSync(join(fixture().dir, "report.xml"), "utf8");
    expect(xml).toMatch(/<testsuites name="pulumi-uptime report" tests="4" failures="3"/);
    expect(xml).toMatch(/<testcase classname="report" name="blog \(id \d+\)" time="0.000">\n {6}<system-out>/);
  });

  it.each([
    [["--window", "30 days"], /--window takes a length such as 30d/],
    [["--from", "2026-01-05T00:00", "--until", "2026-01-04T00:00"], /the period is empty/],
    [["--until", "2026-02-01T00:00"], /--until "2026-02-01T00:00" is in the future/],
    [["--fail-under-budget", "10"], /--fail-under-budget needs --slo/],
    [["--slo", "100"], /--slo must be a number between 0 and 100/],
    [["--search-by", "url"], /--search-by needs --search/],
    [["--search", ""], /--search must not be empty/],
    [["--group-by", "env"], /--group-by must be prefix or none/],
    [["--json", "--markdown"], /either --json or --markdown/],
    [["--time-zone", "Mars/Olympus"], /--time-zone is not a known IANA time zone/],
  ])("%j exits 2 naming what is wrong, reading nothing", async (argv, message) => {
    fixture().server.resetStats();
    const r = await fixture().run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
    expect(fixture().server.requests).toEqual([]);
  });

  it("never prints the API key, and exits 2 when the service refuses it", async () => {
    const runs = [
      await fixture().run(["--json", "--slo", "99.9"]),
      await fixture().run(["--markdown", "--api-key", KEY]),
      await fixture().run(["--slo", "99.9", "--fail-under-budget", "10"]),
    ];
    const refused = await fixture().run(["--json"], { UPTIME_API_KEY: "wrong-key-7f3e" });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^pulumi-uptime report: .*401/);
    for (const r of [...runs, refused]) {
      expect(`${r.stdout}${r.stderr}`).not.toContain(KEY);
      expect(`${r.stdout}${r.stderr}`).not.toContain("wrong-key-7f3e");
    }
  });
});
