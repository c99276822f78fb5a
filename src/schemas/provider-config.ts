/**
 * The provider's settings as a schema: what `uptime:*` stack config, an explicit provider's
 * inputs and the package schema's `config` all describe.
 */
import { z } from "zod";
import { httpUrl, text } from "./common";
import { field, fieldsOf } from "./fields";
import { isTimeZone } from "../util/time";

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
      { name: "baseUrl" },
    ),
    api_key: field(text(1024, true), "API key of the account (a Bearer token).", { name: "apiKey", secret: true }),
    time_zone: field(
      z.string().refine(isTimeZone, {
        error: (iss) => `${JSON.stringify(iss.input)} is not a time zone name (IANA, e.g. Europe/Berlin)`,
      }),
      "Time zone the account's dates are written in (IANA name).",
      { name: "timeZone", default: "UTC" },
    ),
    requests_per_minute: field(
      wholeNumber("requestsPerMinute"),
      "Most requests a minute this provider sends to the account, retries included: requests are spaced evenly to stay under it. Give each stack that runs at the same time against one account its share of the account's limit (the service allows 120 a minute). From 1 to 60,000; unset, requests are not paced (a 429 is still waited out).",
      { name: "requestsPerMinute" },
    ),
    max_retries: field(
      wholeNumber("maxRetries"),
      "Retries of a request that failed with a 5xx, a timeout or a dropped connection (a POST only when it cannot have been received). Waiting out a 429 does not count. From 0 to 20; default 7.",
      { name: "maxRetries", default: 7, defaultInSchema: false },
    ),
    timeout_ms: field(
      wholeNumber("timeoutMs"),
      "Time one attempt of a request may take, headers and body, in milliseconds. From 1,000 to 600,000; default 30,000.",
      { name: "timeoutMs", default: 30_000, defaultInSchema: false },
    ),
  })
  .partial();

/** The provider's settings, read once from the schema. */
export const PROVIDER_CONFIG_FIELDS = fieldsOf(providerConfigSchema);
