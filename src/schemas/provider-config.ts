/**
 * The provider's settings as a schema: what `uptime:*` stack config, an explicit provider's
 * inputs and the package schema's `config` all describe.
 */
import { z } from "zod";
import { httpUrl, text } from "./common";
import { field, fieldsOf } from "./fields";

/** True for a time zone name the runtime knows (IANA, e.g. `Europe/Berlin`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The provider's settings, keyed by wire name like the API schemas. */
export const providerConfigSchema = z.object({
  base_url: field(httpUrl(2048), "Root URL of the uptime service, e.g. https://uptime.example.com (the API is under /api/v1).", { name: "baseUrl" }),
  api_key: field(text(1024, true), "API key of the account (a Bearer token).", { name: "apiKey", secret: true }),
  time_zone: field(
    z.string().refine(isTimeZone, { error: (iss) => `${JSON.stringify(iss.input)} is not a time zone name (IANA, e.g. Europe/Berlin)` }),
    "Time zone the account's dates are written in (IANA name).",
    { name: "timeZone", default: "UTC" },
  ),
}).partial();

/** The provider's settings, read once from the schema. */
export const PROVIDER_CONFIG_FIELDS = fieldsOf(providerConfigSchema);
