/**
 * Where the providers find the service: stack config read in the provider's `configure`
 * (secrets arrive decrypted there), else environment variables. Nothing here is ever
 * captured into the serialized provider: it lives in the installed runtime module.
 */
import { UptimeClient } from "../client/client";
import { UptimeConfigError } from "../client/errors";

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

/** What the providers need to reach the service. */
export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
}

/** A minimal view of Pulumi's provider config bag. */
export interface ConfigBag {
  get(key: string): string | undefined;
}

let settings: ProviderSettings = {};
let client: UptimeClient | undefined;

/** Records the stack's settings; called from the provider's `configure`. */
export function configureFromStack(config: ConfigBag): void {
  settings = {
    baseUrl: config.get(CONFIG_KEYS.baseUrl) || undefined,
    apiKey: config.get(CONFIG_KEYS.apiKey) || undefined,
    timeZone: config.get(CONFIG_KEYS.timeZone) || undefined,
  };
  client = undefined;
}

/** Settings with the environment filling what the stack config left out. */
export function resolveSettings(from: ProviderSettings = settings): Required<Pick<ProviderSettings, "timeZone">> & ProviderSettings {
  return {
    baseUrl: from.baseUrl || process.env[ENV_VARS.baseUrl] || undefined,
    apiKey: from.apiKey || process.env[ENV_VARS.apiKey] || undefined,
    timeZone: from.timeZone || process.env[ENV_VARS.timeZone] || "UTC",
  };
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

/** Builds a client from resolved settings, failing with a message naming both ways to configure. */
export function clientFor(from?: ProviderSettings): UptimeClient {
  const s = resolveSettings(from);
  const missing = (["baseUrl", "apiKey"] as const).filter((k) => !s[k]);
  if (missing.length) throw new UptimeConfigError(missingSettingsMessage([...missing]));
  return new UptimeClient({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeZone: s.timeZone });
}

/** The provider process's client, built once from the configured settings. */
export function providerClient(): UptimeClient {
  client ??= clientFor(settings);
  return client;
}
