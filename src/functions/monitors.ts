/** `getMonitor` and `getMonitors`: read monitors without managing them. */
import * as pulumi from "@pulumi/pulumi";
import { fetchMonitor, listMonitors } from "./reads";
import { withProgramClient, type FunctionOptions } from "./program-client";
import type { GetMonitorArgs, GetMonitorsArgs, MonitorData } from "./args";

export type { GetMonitorArgs, GetMonitorsArgs, MonitorData } from "./args";

/** The fields that hold secrets (webhook URLs, tokens, header values), as `Monitor` keeps them. */
type SecretField = "alerts" | "requestHeaders";

/**
 * A monitor as {@link getMonitor} and {@link getMonitors} return it: `alerts` and
 * `requestHeaders` are secret Outputs, as on a `Monitor`, so that exporting or passing them
 * on never shows them in plaintext; every other field is a plain value.
 */
export type MonitorInfo = Omit<MonitorData, SecretField> & { [K in SecretField]: pulumi.Output<MonitorData[K]> };

function withSecrets(data: MonitorData): MonitorInfo {
  return {
    ...data,
    alerts: pulumi.secret(data.alerts),
    requestHeaders: pulumi.secret(data.requestHeaders),
  } as MonitorInfo;
}

function readMonitor(args: GetMonitorArgs, options?: FunctionOptions): Promise<MonitorData> {
  return withProgramClient(options, (c) => fetchMonitor(c, args));
}

async function readMonitors(args: GetMonitorsArgs, options?: FunctionOptions): Promise<MonitorData[]> {
  return (await withProgramClient(options, (c) => listMonitors(c, args))).monitors;
}

/**
 * Reads one monitor by id; `alerts` and `requestHeaders` come back as secret Outputs.
 * Fails with a not-found error when the account has none with that id.
 */
export async function getMonitor(args: GetMonitorArgs, options?: FunctionOptions): Promise<MonitorInfo> {
  return withSecrets(await readMonitor(args, options));
}

/**
 * {@link getMonitor} taking `Input`s and returning an `Output`, which is secret as a whole
 * (as Pulumi's own invokes are when a result holds a secret): it carries `alerts` and
 * `requestHeaders`. `pulumi.unsecret` a field that is not secret to show it.
 */
export function getMonitorOutput(
  args: { monitorId: pulumi.Input<number> },
  options?: FunctionOptions,
): pulumi.Output<MonitorData> {
  return pulumi.secret(pulumi.output(args).apply((a) => readMonitor(a, options)));
}

/** The result of {@link getMonitors}. */
export interface GetMonitorsResult {
  /** Every matching monitor, all pages read; `alerts` and `requestHeaders` are secret Outputs. */
  monitors: MonitorInfo[];
}

/** Lists every monitor matching the filters, reading all pages. */
export async function getMonitors(args: GetMonitorsArgs = {}, options?: FunctionOptions): Promise<GetMonitorsResult> {
  return { monitors: (await readMonitors(args, options)).map(withSecrets) };
}

/**
 * {@link getMonitors} taking `Input`s and returning an `Output`, secret as a whole (see
 * {@link getMonitorOutput}).
 */
export function getMonitorsOutput(
  args: pulumi.Input<GetMonitorsArgs> = {},
  options?: FunctionOptions,
): pulumi.Output<{ monitors: MonitorData[] }> {
  return pulumi.secret(
    pulumi.output(args).apply(async (a) => ({ monitors: await readMonitors(a as GetMonitorsArgs, options) })),
  );
}
