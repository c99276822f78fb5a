/**
 * `get_monitor_report_output` of the generated Python SDK (its wheel, `npm run sdks`) in a
 * program under the engine, through the plugin (test/e2e/fixtures/python-report): after an
 * outage stored through the API, the figures it exports are exactly those `pulumi-uptime
 * report --json` gives for the monitor over the same period (report-function-program.ts).
 */
import { join } from "node:path";
import { describeReportFunctionProgram } from "./report-function-program";

describeReportFunctionProgram("getMonitorReport in a Python program", join(__dirname, "fixtures", "python-report"), {
  monitorName: "Python payments",
  reportKey: "paymentsReport",
  availabilityKey: "paymentsAvailability",
});
