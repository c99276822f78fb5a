/**
 * Monitors named `<env>/<service>/<key>` roll up per `<env>/<service>/`: downtime and measured
 * periods summed (a monitor created late weighs less), the last hour's too for the burn rate;
 * other names belong to no group, and `groups: false` gives none.
 */
import { describe, expect, it } from "vitest";
import { groupOf } from "../../src/report/groups";
import { availabilityReport } from "../../src/report/availability";
import { INCIDENTS, NEW, OLD, PERIOD, PLAIN } from "./history";

describe("group roll-ups", () => {
  it("sum downtime and measured time of a service's monitors", () => {
    const report = availabilityReport([PLAIN, NEW, OLD], INCIDENTS, PERIOD, { slo: 99.9, groups: true });
    expect(report.groups).toEqual([
      {
        group: "prod/shop/",
        monitors: 2,
        // 4 h down of 45 monitor-days.
        availability: 99.6296,
        downtimeSeconds: 14_400,
        incidents: 5,
        ongoing: true,
        periodSeconds: 3_888_000,
        budget: {
          allowedSeconds: 3888,
          remainingSeconds: -10_512,
          remainingPercent: -270.37,
          burnRate1h: 250,
          burnRate6h: 41.67,
        },
      },
    ]);
    expect(report.monitors.map((m) => m.name)).toEqual(["blog", "prod/shop/api", "prod/shop/web"]);
    expect(report).toMatchObject({ from: "2026-01-01T00:00:00.000Z", until: "2026-01-31T00:00:00.000Z", slo: 99.9 });
  });

  it("leave out groups when asked, and names that are not <env>/<service>/<key>", () => {
    expect(availabilityReport([NEW, OLD], INCIDENTS, PERIOD, { groups: false }).groups).toEqual([]);
    expect([groupOf("prod/shop/api"), groupOf("prod/shop/api/v2"), groupOf("prod/shop/"), groupOf("blog")]).toEqual([
      "prod/shop/",
      "prod/shop/",
      undefined,
      undefined,
    ]);
  });
});
