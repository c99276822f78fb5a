/** `getMonitorReport`: a monitor's availability and error budget, as `pulumi-uptime report --json` gives them. */
import * as pulumi from "@pulumi/pulumi";
import { fieldsOf, getMonitorReportArgsSchema, propertyPath } from "../schemas";
import { monitorReport } from "./reads";
import { withProgramClient, type FunctionOptions } from "./program-client";
import type { GetMonitorReportArgs, MonitorReport } from "./args";

export type { GetMonitorReportArgs, MonitorReport } from "./args";

/**
 * The arguments checked with the schema the plugin's `Invoke` uses (a null counts as unset, as
 * there); a failure names each bad argument.
 */
function checked(args: GetMonitorReportArgs): GetMonitorReportArgs {
  const fields = fieldsOf(getMonitorReportArgsSchema);
  const given = args as unknown as Record<string, unknown>;
  const named = (key: "wire" | "name") => Object.fromEntries(fields.map((f) => [f[key], given[f.name] ?? undefined]));
  const parsed = getMonitorReportArgsSchema.safeParse(named("wire"));
  if (parsed.success) return named("name") as unknown as GetMonitorReportArgs;
  const reasons = parsed.error.issues.map((i) => `${propertyPath(i.path as PropertyKey[])}: ${i.message}`);
  throw new Error(`getMonitorReport: ${reasons.join("; ")}`);
}

/**
 * One monitor's figures over a period (`window` ending at `until`, default 30 days to now,
 * or `from`/`until`), with `slo` its error budget. Bad arguments fail before any request.
 */
export async function getMonitorReport(args: GetMonitorReportArgs, options?: FunctionOptions): Promise<MonitorReport> {
  const valid = checked(args);
  return await withProgramClient(options, (c) => monitorReport(c, valid));
}

/** {@link getMonitorReport} taking `Input`s and returning an `Output`. */
export function getMonitorReportOutput(
  args: { [K in keyof GetMonitorReportArgs]: pulumi.Input<GetMonitorReportArgs[K]> },
  options?: FunctionOptions,
): pulumi.Output<MonitorReport> {
  return pulumi.output(args).apply((a) => getMonitorReport(a as GetMonitorReportArgs, options));
}
