/**
 * `pulumi-uptime report` against the local server, in an account on Berlin time: a monitor
 * whose history was stored by hand (an incident across the period's start, one acknowledged)
 * and whose last incident the checker opened and has not ended, and a monitor created inside
 * the period that the checker saw go down and come back. The figures are exact, the same
 * with `--window` as with `--from`/`--until` in the account's wall time; the group rolls up.
 */
import { describe, expect, it } from "vitest";
import { OLD_FIGURES } from "../report/history";
import { sharedReportFixture } from "./report-fixture";

describe("report's figures", () => {
  const fixture = sharedReportFixture();

  it("are exact for the known history, per monitor and per service", async () => {
    const r = await fixture().run(["--json", "--slo", "99.9"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ from: "2026-01-01T00:00:00.000Z", until: "2026-01-31T00:00:00.000Z", slo: 99.9 });
    expect(report.monitors).toEqual([
      {
        id: fixture().monitors.blog.id,
        name: "blog",
        availability: 100,
        downtimeSeconds: 0,
        incidents: 0,
        ongoing: false,
        longestSeconds: 0,
        mttaSeconds: null,
        mttrSeconds: null,
        measuredFrom: "2026-01-01T00:00:00.000Z",
        periodSeconds: 2_592_000,
        budget: { allowedSeconds: 2592, remainingSeconds: 2592, remainingPercent: 100, burnRate1h: 0, burnRate6h: 0 },
      },
      // The unit tests' history, stored by hand and opened by the checker.
      { ...OLD_FIGURES, id: fixture().monitors.old.id },
      {
        id: fixture().monitors.web.id,
        name: "prod/shop/web",
        availability: 99.5833,
        downtimeSeconds: 5400,
        incidents: 1,
        ongoing: false,
        longestSeconds: 5400,
        mttaSeconds: null,
        mttrSeconds: 5400,
        measuredFrom: "2026-01-16T00:00:00.000Z",
        periodSeconds: 1_296_000,
        budget: {
          allowedSeconds: 1296,
          remainingSeconds: -4104,
          remainingPercent: -316.67,
          burnRate1h: 0,
          burnRate6h: 0,
        },
      },
    ]);
    expect(report.groups).toEqual([
      {
        group: "prod/shop/",
        monitors: 2,
        availability: 99.6759,
        downtimeSeconds: 12_600,
        incidents: 4,
        ongoing: true,
        periodSeconds: 3_888_000,
        budget: {
          allowedSeconds: 3888,
          remainingSeconds: -8712,
          remainingPercent: -224.07,
          burnRate1h: 250,
          burnRate6h: 41.67,
        },
      },
    ]);
  });

  it("are the same for --from and --until in the account's wall time, and none groups with --group-by none", async () => {
    const byWindow = JSON.parse((await fixture().run(["--json"])).stdout);
    const r = await fixture().run([
      "--json",
      "--from",
      "2026-01-01T01:00",
      "--until",
      "2026-01-31T01:00:00",
      "--group-by",
      "none",
    ]);
    expect(r.code).toBe(0);
    const byTimes = JSON.parse(r.stdout);
    expect(byTimes.monitors).toEqual(byWindow.monitors);
    expect(byTimes.groups).toEqual([]);
    expect(byWindow.slo).toBeNull();
    expect(byWindow.monitors[0].budget).toBeUndefined();
  });

  it("narrow to the selection: a name prefix, the service's search, both", async () => {
    const names = async (...argv: string[]) =>
      JSON.parse((await fixture().run(["--json", ...argv])).stdout).monitors.map((m: { name: string }) => m.name);
    expect(await names("--name-prefix", "prod/shop/")).toEqual(["prod/shop/api", "prod/shop/web"]);
    expect(await names("--search", "web")).toEqual(["prod/shop/web"]);
    expect(await names("--search", "/blog", "--search-by", "url", "--name-prefix", "prod/")).toEqual([]);
  });
});
