/**
 * Where the providers find the service: stack config read in the provider's `configure`
 * (secrets arrive decrypted there), else environment variables. Nothing here is ever
 * captured into the serialized provider: it lives in the installed runtime module.
 */
import { UptimeClient } from "../client/client";
import { UptimeConfigError } from "../client/errors";
import { baseUrlProblem } from "../client/options";
import { isTimeZone } from "../util/time";

/** Stack config keys the providers read. */
export const CONFIG_KEYS = {
  baseUrl: "uptime:baseUrl",
  apiKey: "uptime:apiKey",
  timeZone: "uptime:timeZone",
} as const;

/** Environment variables used when the stack config does not say. */
export const ENV_VARS = {
  baseUrl: "UPTIME_BASE_URL",
  apiKey: "UPTIME_API_KEY",
  timeZone: "UPTIME_TIME_ZONE",
} as const;

/** A setting of the providers. */
export type SettingKey = keyof typeof CONFIG_KEYS;

/** What the providers need to reach the service. */
export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
}

/** Settings after the environment filled the gaps, with where each value came from. */
export interface ResolvedSettings extends ProviderSettings {
  timeZone: string;
  /** `config` (stack config) or `env` per setting that has a value; absent for defaults. */
  from: Partial<Record<SettingKey, "config" | "env">>;
}

/** A minimal view of Pulumi's provider config bag. */
export interface ConfigBag {
  get(key: string): string | undefined;
}

let settings: ProviderSettings = {};
let client: UptimeClient | undefined;

/** Records the stack's settings; called from the provider's `configure`. */
export function configureFromStack(config: ConfigBag): void {
  const next: ProviderSettings = {
    baseUrl: config.get(CONFIG_KEYS.baseUrl) || undefined,
    apiKey: config.get(CONFIG_KEYS.apiKey) || undefined,
    timeZone: config.get(CONFIG_KEYS.timeZone) || undefined,
  };
  // The Monitor and Incident providers of one process are each configured with the same
  // settings: keep the client (and what it verified) unless they changed.
  const same = (["baseUrl", "apiKey", "timeZone"] as const).every((k) => next[k] === settings[k]);
  settings = next;
  if (!same) client = undefined;
}

/** Settings with the environment filling what the stack config left out. */
export function resolveSettings(given: ProviderSettings = settings): ResolvedSettings {
  const out: ResolvedSettings = { timeZone: "UTC", from: {} };
  for (const key of ["baseUrl", "apiKey", "timeZone"] as const) {
    const fromConfig = given[key]?.trim();
    const fromEnv = process.env[ENV_VARS[key]]?.trim();
    if (fromConfig) [out[key], out.from[key]] = [fromConfig, "config"];
    else if (fromEnv) [out[key], out.from[key]] = [fromEnv, "env"];
  }
  return out;
}

/** The name of the setting the user set for `key`: the env variable when the value came from there. */
export function settingName(key: SettingKey, s: ResolvedSettings = resolveSettings()): string {
  return s.from[key] === "env" ? ENV_VARS[key] : CONFIG_KEYS[key];
}

/** The message for missing settings, naming both ways to provide each. */
export function missingSettingsMessage(missing: ("baseUrl" | "apiKey")[]): string {
  const ways = missing.map((k) =>
    k === "apiKey"
      ? `the API key: run \`pulumi config set --secret ${CONFIG_KEYS.apiKey} <key>\` or set ${ENV_VARS.apiKey}`
      : `the service URL: run \`pulumi config set ${CONFIG_KEYS.baseUrl} https://uptime.example.com\` or set ${ENV_VARS.baseUrl}`,
  );
  return `pulumi-uptime is not configured: missing ${ways.join("; and ")}.`;
}

/**
 * What keeps the settings from working, each message naming the setting the user set
 * (`uptime:baseUrl`, or `UPTIME_BASE_URL` when the value came from the environment);
 * empty when they are usable. Sends nothing.
 */
export function settingsProblems(s: ResolvedSettings = resolveSettings()): string[] {
  const problems: string[] = [];
  const missing = (["baseUrl", "apiKey"] as const).filter((k) => !s[k]);
  if (missing.length) problems.push(missingSettingsMessage([...missing]));
  const url = s.baseUrl ? baseUrlProblem(s.baseUrl) : undefined;
  if (url) problems.push(`${settingName("baseUrl", s)} ${url}.`.replace(/\.\.$/, "."));
  if (!isTimeZone(s.timeZone)) {
    problems.push(`${settingName("timeZone", s)} is not a known IANA time zone: ${JSON.stringify(s.timeZone)}; use a name such as Europe/Berlin, or UTC (the default).`);
  }
  return problems;
}

/** The configured time zone when it is a known one, else UTC (`settingsProblems` reports it). */
export function usableTimeZone(s: ResolvedSettings = resolveSettings()): string {
  return isTimeZone(s.timeZone) ? s.timeZone : "UTC";
}

/**
 * Attempts per request of the providers' clients. One `up` of a fleet sends hundreds of
 * requests: with 4 attempts a service failing 20% of requests at random fails about one
 * request in 600 for good (0.2^4), a failed run every few hundred requests; with 8 it is
 * one in 390,000. The backoff (250 ms doubling, capped at 8 s, full jitter) keeps a service
 * that is really down from being waited for more than about half a minute per request.
 */
export const PROVIDER_MAX_ATTEMPTS = 8;

/** Builds a client from resolved settings, failing with a message naming the settings to fix. */
export function clientFor(from?: ProviderSettings): UptimeClient {
  const s = resolveSettings(from);
  const problems = settingsProblems(s);
  if (problems.length) throw new UptimeConfigError(problems.join(" "));
  return new UptimeClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeZone: s.timeZone, retry: { maxAttempts: PROVIDER_MAX_ATTEMPTS } });
}

/** The provider process's client, built once from the configured settings. */
export function providerClient(): UptimeClient {
  client ??= clientFor(settings);
  return client;
}
