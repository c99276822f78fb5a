/** The checker's settings: defaults filled, bad values refused before the server starts. */
import { PROBE_DEFAULTS, type ProbeSettings } from "../../probe/probe";
import type { CheckEvent, CheckOptions } from "../types";

/** {@link CheckOptions} with every default filled. */
export interface CheckerSettings extends ProbeSettings {
  schedule: boolean;
  timeScale: number;
  concurrency: number;
  tickMs: number;
  onCheck: ((event: CheckEvent) => void) | undefined;
}

/** Defaults of {@link CheckOptions}. */
export const CHECK_DEFAULTS = {
  schedule: true,
  timeScale: 1,
  ...PROBE_DEFAULTS,
  concurrency: 20,
  loopbackOnly: false,
  tickMs: 500,
} as const;

function integerIn(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`checks.${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return value;
}

/** The settings of `checks`, or undefined when checking is off. Throws naming the bad option. */
export function checkerSettings(checks: boolean | CheckOptions | undefined): CheckerSettings | undefined {
  if (checks === undefined || checks === false) return undefined;
  const o: CheckOptions = checks === true ? {} : checks;
  if (typeof o !== "object" || o === null) throw new Error("checks must be true, false or an object of check options");
  const timeScale = o.timeScale ?? CHECK_DEFAULTS.timeScale;
  if (typeof timeScale !== "number" || !Number.isFinite(timeScale) || timeScale <= 0 || timeScale > 3600) {
    throw new Error(`checks.timeScale must be a number above 0 and at most 3600, got ${String(timeScale)}`);
  }
  return {
    schedule: o.schedule ?? CHECK_DEFAULTS.schedule,
    timeScale,
    timeoutMs: integerIn("timeoutMs", o.timeoutMs, CHECK_DEFAULTS.timeoutMs, 1, 600_000),
    concurrency: integerIn("concurrency", o.concurrency, CHECK_DEFAULTS.concurrency, 1, 1000),
    maxBodyBytes: integerIn("maxBodyBytes", o.maxBodyBytes, CHECK_DEFAULTS.maxBodyBytes, 0, 256 * 1024 * 1024),
    maxRedirects: integerIn("maxRedirects", o.maxRedirects, CHECK_DEFAULTS.maxRedirects, 0, 20),
    loopbackOnly: o.loopbackOnly ?? CHECK_DEFAULTS.loopbackOnly,
    ca: o.ca === undefined ? undefined : Array.isArray(o.ca) ? o.ca : [o.ca],
    tickMs: integerIn("tickMs", o.tickMs, CHECK_DEFAULTS.tickMs, 10, 60_000),
    onCheck: o.onCheck,
  };
}
