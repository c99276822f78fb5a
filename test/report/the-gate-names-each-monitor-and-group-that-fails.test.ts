/**
 * The deploy gate: under PCT percent of budget left fails a monitor or a group; a 1 h burn
 * rate of N or more fails too; each failure names what failed. JUnit and Markdown carry them.
 */
import { describe, expect, it } from "vitest";
import { gateFailures } from "../../src/report/gate";
import { availabilityJunit, availabilityMarkdown } from "../../src/report/outputs";
import { availabilityReport } from "../../src/report/availability";
import { INCIDENTS, NEW, OLD, PERIOD, PLAIN } from "./history";

const report = availabilityReport([OLD, NEW, PLAIN], INCIDENTS, PERIOD, { slo: 99.9, groups: true });

describe("the gate", () => {
  it("fails each monitor and group with too little budget left, and passes the others", () => {
    expect(gateFailures({ failUnderBudget: 10 }, report.monitors, report.groups)).toEqual([
      "prod/shop/api (id 1): -177.78% of its error budget left, under 10%",
      "prod/shop/web (id 2): -455.56% of its error budget left, under 10%",
      "group prod/shop/: -270.37% of its error budget left, under 10%",
    ]);
  });

  it("fails a 1 h burn rate at the threshold, not under it", () => {
    expect(gateFailures({ failOnBurnRate: 250 }, report.monitors, report.groups)).toEqual([
      "prod/shop/api (id 1): burn rate over the last hour 500, at least 250",
      "group prod/shop/: burn rate over the last hour 250, at least 250",
    ]);
    expect(gateFailures({ failOnBurnRate: 501 }, report.monitors, report.groups)).toEqual([]);
    expect(gateFailures({}, report.monitors, report.groups)).toEqual([]);
  });

  it("marks the failing cases in JUnit and lists the failures in Markdown", () => {
    const failures = gateFailures({ failOnBurnRate: 250 }, report.monitors, report.groups);
    const xml = availabilityJunit(report, failures);
    expect(xml).toMatch(/<testsuites name="pulumi-uptime report" tests="4" failures="2"/);
    expect(xml).toMatch(/<testcase classname="report" name="prod\/shop\/api \(id 1\)"[^]*?<failure type="budget"/);
    expect(xml).toMatch(/<testcase classname="report" name="blog \(id 3\)" time="0.000">\s*<system-out>/);
    const md = availabilityMarkdown(report, failures);
    expect(md).toContain("| prod/shop/ (2 monitors) | 99.6296% | 4h | 5 (open) | -270.37% |");
    expect(md).toContain("- group prod/shop/: burn rate over the last hour 250, at least 250");
  });
});
