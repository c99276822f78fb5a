/**
 * Where the providers find the service: stack config read in the provider's `configure`
 * (secrets arrive decrypted there), else environment variables. Nothing here is ever
 * captured into the serialized provider: it lives in the installed runtime module.
 */
import { UptimeClient } from "../client/client";
import { UptimeConfigError } from "../client/errors";
import { baseUrlProblem, type UptimeClientOptions } from "../client/client-options";
import {
  PACKAGE_NAME,
  PROVIDER_CONFIG_FIELDS,
  providerConfigSchema,
  rangeMessage,
  type SettingKey,
} from "../schemas/provider-config";
import { isTimeZone } from "../util/time";
import { caCertificatesProblem, proxyUrlProblem } from "../schemas/network-values";
import { readMonitorDefaults, type DefaultsReading } from "./monitor/team-defaults";

/** Stack config keys the providers read, by setting (src/schemas/provider-config.ts declares the settings). */
export const CONFIG_KEYS = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [f.name, f.configKey])) as {
  readonly [K in SettingKey]: `${typeof PACKAGE_NAME}:${K}`;
};

/** Environment variables read when the stack config does not say, by setting (each declared in the schema). */
export const ENV_VARS = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [f.name, f.env])) as {
  readonly [K in SettingKey]: string;
};

/** A setting of the providers. */
export type { SettingKey };

/** The settings that are whole numbers: pacing, retries and the attempt timeout. */
export const NUMERIC_SETTINGS = ["requestsPerMinute", "maxRetries", "timeoutMs"] as const;

/** A numeric setting. */
export type NumericSettingKey = (typeof NUMERIC_SETTINGS)[number];

/** Every setting, in the order they are read. */
const SETTING_KEYS = PROVIDER_CONFIG_FIELDS.map((f) => f.name);

/**
 * What the providers need to reach the service, and how to pace and retry. Numeric settings
 * arrive as strings from stack config and the environment, as numbers from typed inputs.
 */
export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
  requestsPerMinute?: string | number;
  maxRetries?: string | number;
  timeoutMs?: string | number;
  /** Proxy URL; may hold a password, so it is never shown. */
  proxyUrl?: string;
  /** PEM text or the path of a PEM file. */
  caCertificates?: string;
  /** The monitors' defaults as JSON text (stack config gives it so; an object input is written so). */
  defaults?: string;
}

/** Settings after the environment filled the gaps, with where each value came from. */
export interface ResolvedSettings extends Omit<ProviderSettings, NumericSettingKey> {
  timeZone: string;
  requestsPerMinute?: string;
  maxRetries?: string;
  timeoutMs?: string;
  /** `config` (stack config) or `env` per setting that has a value; absent for defaults. */
  from: Partial<Record<SettingKey, "config" | "env">>;
}

/** A minimal view of Pulumi's provider config bag. */
interface ConfigBag {
  get(key: string): string | undefined;
}

let settings: ProviderSettings = {};
let client: UptimeClient | undefined;

/** A setting's value as text: an object (the `defaults` of a typed input) as its JSON. */
export function settingText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** Records the stack's settings; called from the provider's `configure`. */
export function configureFromStack(config: ConfigBag): void {
  const next: ProviderSettings = {};
  for (const key of SETTING_KEYS) next[key] = settingText(config.get(CONFIG_KEYS[key])) || undefined;
  // The Monitor and Incident providers of one process are each configured with the same
  // settings: keep the client (and what it verified) unless they changed.
  const same = SETTING_KEYS.every((k) => next[k] === settings[k]);
  settings = next;
  if (!same) client = undefined;
}

/** Settings with the environment filling what the stack config left out. */
export function resolveSettings(
  given: ProviderSettings = settings,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedSettings {
  const out: ResolvedSettings = { timeZone: DEFAULTS.timeZone as string, from: {} };
  for (const key of SETTING_KEYS) {
    const fromConfig = given[key] === undefined ? undefined : String(given[key]).trim();
    const fromEnv = env[ENV_VARS[key]]?.trim();
    if (fromConfig) [out[key], out.from[key]] = [fromConfig, "config"];
    else if (fromEnv) [out[key], out.from[key]] = [fromEnv, "env"];
  }
  return out;
}

/** The name of the setting the user set for `key`: the env variable when the value came from there. */
export function settingName(key: SettingKey, s: ResolvedSettings = resolveSettings()): string {
  return s.from[key] === "env" ? ENV_VARS[key] : CONFIG_KEYS[key];
}

/**
 * How a caller takes the service URL and the API key besides the environment: `config`, stack
 * config (the providers, and a command reading a stack's); `flags`, a command's `--base-url`
 * and `--api-key`. A message for a missing one names every way its caller has.
 */
interface SettingWays {
  config: boolean;
  flags: boolean;
}

/** The providers' ways: stack config, then the environment. */
const PROVIDER_WAYS: SettingWays = { config: true, flags: false };

/** The ways to give the API key or the service URL, as the message for a missing one names them. */
function waysToGive(key: "baseUrl" | "apiKey", ways: SettingWays): string {
  const options = [
    ...(ways.flags ? [key === "apiKey" ? "pass --api-key KEY" : "pass --base-url URL"] : []),
    ...(ways.config
      ? [
          key === "apiKey"
            ? `run \`pulumi config set --secret ${CONFIG_KEYS.apiKey} <key>\``
            : `run \`pulumi config set ${CONFIG_KEYS.baseUrl} https://uptime.example.com\``,
        ]
      : []),
    `set ${ENV_VARS[key]}`,
  ];
  const last = options.pop()!;
  return options.length ? `${options.join(", ")} or ${last}` : last;
}

/** The message for missing settings, naming every way (`ways`) to provide each. */
export function missingSettingsMessage(missing: ("baseUrl" | "apiKey")[], ways = PROVIDER_WAYS): string {
  const each = missing.map((k) => `${k === "apiKey" ? "the API key" : "the service URL"}: ${waysToGive(k, ways)}`);
  return `pulumi-uptime is not configured: missing ${each.join("; and ")}.`;
}

/** The message for the service URL or API key `given` lacks, naming every way to give it; undefined when neither is missing. */
export function missingSettingsProblem(
  given: Pick<ProviderSettings, "baseUrl" | "apiKey">,
  ways = PROVIDER_WAYS,
): string | undefined {
  const missing = (["baseUrl", "apiKey"] as const).filter((k) => !given[k]?.trim());
  return missing.length ? missingSettingsMessage([...missing], ways) : undefined;
}

/**
 * What keeps the settings from working, each message naming the setting the user set
 * (`uptime:baseUrl`, or `UPTIME_BASE_URL` when the value came from the environment);
 * empty when they are usable. Sends nothing.
 */
export function settingsProblems(s: ResolvedSettings = resolveSettings(), ways = PROVIDER_WAYS): string[] {
  const problems: string[] = [];
  const missing = missingSettingsProblem(s, ways);
  if (missing) problems.push(missing);
  const url = s.baseUrl ? baseUrlProblem(s.baseUrl) : undefined;
  if (url) problems.push(`${settingName("baseUrl", s)} ${url}.`.replace(/\.\.$/, "."));
  if (!isTimeZone(s.timeZone)) {
    problems.push(
      `${settingName("timeZone", s)} is not a known IANA time zone: ${JSON.stringify(s.timeZone)}; use a name such as Europe/Berlin, or UTC (the default).`,
    );
  }
  for (const key of NUMERIC_SETTINGS) {
    const problem = numericSetting(key, s).problem;
    if (problem) problems.push(problem);
  }
  problems.push(...networkSettingProblems(s));
  problems.push(...monitorDefaults(s).problems);
  return problems;
}

/** The monitors' defaults of the settings, problems named as the user set them (`uptime:defaults.interval`). */
export function monitorDefaults(s: ResolvedSettings = resolveSettings()): DefaultsReading {
  return readMonitorDefaults(s.defaults, settingName("defaults", s));
}

/**
 * What is wrong with the proxy and CA settings, naming each as the user set it; the proxy
 * URL's value is never repeated (it may hold a password).
 */
export function networkSettingProblems(s: ResolvedSettings = resolveSettings()): string[] {
  const problems: string[] = [];
  const proxy = s.proxyUrl ? proxyUrlProblem(s.proxyUrl) : undefined;
  if (proxy) problems.push(`${settingName("proxyUrl", s)} ${proxy}.`);
  const ca = s.caCertificates ? caCertificatesProblem(s.caCertificates) : undefined;
  if (ca) problems.push(`${settingName("caCertificates", s)} ${ca}.`);
  return problems;
}

const WIRE_NAMES = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [f.name, f.wire])) as Record<
  SettingKey,
  keyof typeof providerConfigSchema.shape
>;
const DEFAULTS = Object.fromEntries(PROVIDER_CONFIG_FIELDS.map((f) => [f.name, f.default])) as Record<
  SettingKey,
  unknown
>;

/**
 * A numeric setting's value (its default when unset; none for `requestsPerMinute`), or the
 * problem naming the setting as the user set it and the allowed range. The values are not
 * secret, so the bad one is shown.
 */
export function numericSetting(
  key: NumericSettingKey,
  s: ResolvedSettings = resolveSettings(),
): { value?: number; problem?: string } {
  const raw = s[key];
  if (raw === undefined) return { value: DEFAULTS[key] as number | undefined };
  const parsed = providerConfigSchema.shape[WIRE_NAMES[key]].safeParse(raw);
  if (parsed.success && typeof parsed.data === "number") return { value: parsed.data };
  return { problem: `${settingName(key, s)} ${rangeMessage(key)}; got ${JSON.stringify(raw)}.` };
}

/** The configured time zone when it is a known one, else UTC (`settingsProblems` reports it). */
export function usableTimeZone(s: ResolvedSettings = resolveSettings()): string {
  return isTimeZone(s.timeZone) ? s.timeZone : "UTC";
}

/**
 * Builds a client from resolved settings, failing with a message naming the settings to fix
 * (and for a missing one, every way `ways` its caller takes it).
 */
export function clientFor(from?: ProviderSettings, env?: NodeJS.ProcessEnv, ways?: SettingWays): UptimeClient {
  return new UptimeClient(clientOptionsFor(from, env, ways));
}

/** The client options of resolved settings, failing with a message naming the settings to fix. */
export function clientOptionsFor(
  from?: ProviderSettings,
  env?: NodeJS.ProcessEnv,
  ways?: SettingWays,
): UptimeClientOptions {
  const s = resolveSettings(from, env);
  const problems = settingsProblems(s, ways);
  if (problems.length) throw new UptimeConfigError(problems.join(" "));
  return {
    baseUrl: s.baseUrl,
    apiKey: s.apiKey,
    timeZone: s.timeZone,
    requestsPerMinute: numericSetting("requestsPerMinute", s).value,
    timeoutMs: numericSetting("timeoutMs", s).value,
    // By default 8 attempts (`maxRetries` 7, the schema's default, plus the first). One `up` of a
    // fleet sends hundreds of requests: with 4 attempts a service failing 20% of requests at
    // random fails about one request in 600 for good (0.2^4), a failed run every few hundred
    // requests; with 8 it is one in 390,000. The backoff (250 ms doubling, capped at 8 s, full
    // jitter) keeps a service that is really down from being waited for more than about half a
    // minute per request.
    retry: { maxAttempts: numericSetting("maxRetries", s).value! + 1 },
    proxyUrl: s.proxyUrl,
    caCertificates: s.caCertificates,
    settingNames: {
      baseUrl: settingName("baseUrl", s),
      proxyUrl: settingName("proxyUrl", s),
      caCertificates: settingName("caCertificates", s),
    },
  };
}

/** The provider process's client, built once from the configured settings. */
export function providerClient(): UptimeClient {
  client ??= clientFor(settings);
  return client;
}
