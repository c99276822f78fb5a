/**
 * The provider's settings as a schema: what `uptime:*` stack config, an explicit provider's
 * inputs and the package schema's `config` all describe. Each setting is declared here once,
 * with its description, default and environment variable; the runtime's `CONFIG_KEYS` and
 * `ENV_VARS`, the package schema and the settings tables of the docs are derived from it.
 */
import { z } from "zod";
import { httpUrl, text } from "./common";
import { field, fieldsOf, type FieldInfo } from "./fields";
import { toCamel, type CamelCase } from "./name-case";
import { caCertificatesProblem, proxyUrlProblem } from "./network-values";
import { isTimeZone } from "../util/time";
import { monitorDefaultsSchema } from "./monitor-defaults";

import { PACKAGE_NAME } from "./type-tokens";

export { PACKAGE_NAME };

/** A string that `problem` finds nothing wrong with; its message starts after the setting's name. */
function checkedText(problem: (value: string) => string | undefined) {
  return z.string().superRefine((value, ctx) => {
    const found = problem(value);
    if (found) ctx.addIssue({ code: "custom", message: found });
  });
}

/** Allowed values of the provider's numeric settings: whole numbers from `min` to `max`. */
export const SETTING_RANGES = {
  requestsPerMinute: { min: 1, max: 60_000 },
  maxRetries: { min: 0, max: 20 },
  timeoutMs: { min: 1_000, max: 600_000 },
} as const;

/** The sentence every bad value of a numeric setting gets: the allowed range. */
export function rangeMessage(name: keyof typeof SETTING_RANGES): string {
  const { min, max } = SETTING_RANGES[name];
  return `must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
}

/**
 * A whole number within the setting's range. Stack config and environment variables are
 * strings, so a numeric string counts as its number.
 */
function wholeNumber(name: keyof typeof SETTING_RANGES) {
  const { min, max } = SETTING_RANGES[name];
  const error = () => rangeMessage(name);
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** The provider's settings, keyed by wire name like the API schemas. */
export const providerConfigSchema = z
  .object({
    base_url: field(
      httpUrl(2048),
      "Root URL of the uptime service, e.g. https://uptime.example.com (the API is under /api/v1).",
      { env: "UPTIME_BASE_URL", title: "Service root URL", unset: "required" },
    ),
    api_key: field(text(1024, true), "API key of the account (a Bearer token).", {
      secret: true,
      env: "UPTIME_API_KEY",
      title: "API key",
      unset: "required",
    }),
    time_zone: field(
      z.string().refine(isTimeZone, {
        error: (iss) => `${JSON.stringify(iss.input)} is not a time zone name (IANA, e.g. Europe/Berlin)`,
      }),
      "Time zone the account's dates are written in (IANA name).",
      { default: "UTC", env: "UPTIME_TIME_ZONE", title: "Account time zone" },
    ),
    requests_per_minute: field(
      wholeNumber("requestsPerMinute"),
      "Most requests a minute this provider sends to the account, retries included: requests are spaced evenly to stay under it. Give each stack that runs at the same time against one account its share of the account's limit (the service allows 120 a minute). From 1 to 60,000; unset, requests are not paced (a 429 is still waited out).",
      { env: "UPTIME_REQUESTS_PER_MINUTE", title: "Pacing: requests per minute", unset: "not paced" },
    ),
    max_retries: field(
      wholeNumber("maxRetries"),
      "Retries of a request that failed with a 5xx, a timeout or a dropped connection (a POST only when it cannot have been received). Waiting out a 429 does not count. From 0 to 20; default 7.",
      {
        default: 7,
        defaultInSchema: false,
        env: "UPTIME_MAX_RETRIES",
        title: "Retries of a failed request",
      },
    ),
    timeout_ms: field(
      wholeNumber("timeoutMs"),
      "Time one attempt of a request may take, headers and body, in milliseconds. From 1,000 to 600,000; default 30,000.",
      {
        default: 30_000,
        defaultInSchema: false,
        env: "UPTIME_TIMEOUT_MS",
        title: "Time per attempt in ms",
      },
    ),
    proxy_url: field(
      checkedText(proxyUrlProblem),
      "Proxy every request to the service goes through, http://host:port or https://host:port, with user:password@ before the host when the proxy asks for them (secret). Replaces HTTPS_PROXY / HTTP_PROXY for this provider; NO_PROXY still lists hosts reached directly. Unset: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case) apply.",
      { secret: true, env: "UPTIME_PROXY_URL", title: "Proxy", unset: "HTTPS_PROXY, HTTP_PROXY, NO_PROXY apply" },
    ),
    ca_certificates: field(
      checkedText(caCertificatesProblem),
      "CA certificates to trust besides the usual public ones, for a service (or a TLS-inspecting proxy) with a private CA: PEM text, or the path of a PEM file. SSL_CERT_FILE and NODE_EXTRA_CA_CERTS are honoured too. Certificate verification cannot be turned off.",
      {
        env: "UPTIME_CA_CERTIFICATES",
        title: "Extra trusted CA certificates (PEM text or file)",
        unset: "public roots, SSL_CERT_FILE, NODE_EXTRA_CA_CERTS",
      },
    ),
    defaults: field(
      monitorDefaultsSchema,
      "Values every monitor of this provider takes for the fields it does not declare: interval, alertCondition, requestMethod, requestHeaders, alerts, sslAlertDays, domainAlertDays, cacheBuster, and namePrefix for the names the provider generates. A monitor's own value wins, whole (a list it declares replaces the default list). Alert targets and header values are kept secret (set them with `pulumi config set --secret --path`). An object: `pulumi config set --path uptime:defaults.interval 300`; in UPTIME_DEFAULTS, JSON text.",
      {
        env: "UPTIME_DEFAULTS",
        title: "Defaults of every monitor",
        unset: "the service's defaults apply",
        typeName: "MonitorDefaults",
      },
    ),
  })
  .partial();

/** A setting's name in programs and in stack config without the package's prefix (`baseUrl`). */
export type SettingKey = CamelCase<keyof typeof providerConfigSchema.shape & string>;

/** One provider setting: its field, and where a stack and the environment give it. */
export interface SettingInfo extends FieldInfo {
  name: SettingKey;
  /** Its stack config key, `uptime:<name>`. */
  configKey: `${typeof PACKAGE_NAME}:${SettingKey}`;
  /** The environment variable read when the stack config has none. */
  env: string;
}

/** The provider's settings, read once from the schema, in their declared order. */
export const PROVIDER_CONFIG_FIELDS: readonly SettingInfo[] = fieldsOf(providerConfigSchema).map((f) => {
  // Program and config names are the camelCase of the wire name, so `SettingKey` can be computed.
  if (f.name !== toCamel(f.wire)) throw new Error(`setting ${f.wire} must be named ${toCamel(f.wire)} in programs`);
  if (!f.env) throw new Error(`setting ${f.name} has no environment variable: give it \`env\` in provider-config.ts`);
  const name = f.name as SettingKey;
  return { ...f, name, configKey: `${PACKAGE_NAME}:${name}`, env: f.env };
});
