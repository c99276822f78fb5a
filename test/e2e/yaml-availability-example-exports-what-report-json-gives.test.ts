/**
 * examples/yaml-availability under the engine, through the plugin: `up` exports the
 * checkout monitor's availability from `getMonitorReport`; after an outage stored through the
 * API, the next `up` exports exactly the figures `pulumi-uptime report --json` gives for that
 * monitor over the same period, under the same names, and what is left of its budget
 * (report-function-program.ts).
 */
import { join } from "node:path";
import { expect } from "vitest";
import { REPO } from "./harness";
import { describeReportFunctionProgram } from "./report-function-program";

describeReportFunctionProgram(
  "examples/yaml-availability",
  join(REPO, "examples", "yaml-availability"),
  { monitorName: "Checkout", reportKey: "checkoutReport", availabilityKey: "checkoutAvailability" },
  (outputs, report) => {
    expect(outputs.checkoutBudgetLeftPercent).toBe((report.budget as { remainingPercent: number }).remainingPercent);
  },
);
