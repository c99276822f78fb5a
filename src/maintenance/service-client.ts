/**
 * The service `maintenance` talks to and how: as every command, a flag wins, then the
 * stack's settings (the provider of the stack's monitors with `--stack`, else the `uptime:*`
 * config of the stack the command runs beside), then the environment (`UPTIME_*`). Pacing
 * (`requestsPerMinute`), retries and timeouts come with them.
 */
import type { UptimeClient } from "../client/client";
import { clientFor, type ProviderSettings } from "../runtime/config";
import type { StackMonitor } from "./stack-source";

/** Settings given as flags. */
export interface SettingFlags {
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
  requestsPerMinute?: number;
}

/** Settings that cannot work: exit 2, before any request. */
export class SettingsError extends Error {}

function withFlags(source: ProviderSettings, flags: SettingFlags): ProviderSettings {
  const given = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
  return { ...source, ...given };
}

/**
 * A client for `source` with `flags` over it and `env` filling the rest, or a SettingsError
 * naming each setting to fix (`uptime:baseUrl`, or `UPTIME_BASE_URL` when it came from there).
 */
export function clientOf(
  source: ProviderSettings,
  flags: SettingFlags,
  env: NodeJS.ProcessEnv,
  from?: string,
): UptimeClient {
  try {
    // A missing URL or key is named with the flag that gives it, as well as the config and variable.
    return clientFor(withFlags(source, flags), env, { flags: true, config: true });
  } catch (err) {
    throw new SettingsError(`${from ? `${from}: ` : ""}${(err as Error).message}`);
  }
}

/**
 * The one set of settings the monitors of a stack share, with `flags` over it. Monitors of
 * providers that reach different services or accounts cannot be silenced by one run.
 */
export function stackSettings(
  monitors: readonly StackMonitor[],
  flags: SettingFlags,
): { settings: ProviderSettings; from: string } {
  const accounts = new Map<string, { settings: ProviderSettings; from: string }>();
  for (const m of monitors) {
    const settings = withFlags(m.settings, flags);
    const key = JSON.stringify([settings.baseUrl, settings.apiKey]);
    if (!accounts.has(key)) accounts.set(key, { settings, from: m.from });
  }
  if (accounts.size > 1) {
    const which = [...accounts.values()].map((a) => a.from).join(", ");
    throw new SettingsError(
      `the stack's monitors are managed by providers of different services or accounts (${which}); ` +
        "silence each with its own run, selecting its monitors with --search or --name-prefix and its settings with --base-url and --api-key",
    );
  }
  return [...accounts.values()][0] ?? { settings: {}, from: "the stack's config" };
}
