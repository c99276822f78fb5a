/**
 * Monitor schemas in the API's own field names: what may be sent on store and update
 * (the contract's fields and allowed values plus the service's cross-field rules), and
 * how a monitor comes back (parsed tolerantly, since instances differ).
 */
import { z } from "zod";
import {
  ALERT_CHANNELS, ALERT_CONDITIONS, CACHE_BUSTER_VALUES, EXPIRY_ALERT_DAYS, INTERVALS, LIMITS,
  REQUEST_METHODS, TEXT_ALERT_CONDITIONS,
} from "./values";
import {
  httpUrl, isHttpUrl, keyValueResponse, localDateTime, looseInt, looseIntOrNull, numberOneOf,
  stringOneOf, stringOrNull, text, tolerantList,
} from "./common";
import { isLocalDateTime, localDateTimeToEpoch } from "../util/time";

/** One request header of the check request. */
export const requestHeaderSchema = z.object({
  key: text(LIMITS.requestHeaderKey, 1).describe("Header name."),
  value: text(LIMITS.requestHeaderValue, 1).describe("Header value."),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]+$/;
const TELEGRAM = /^\S+\s+\S+$/;

/** What a value must look like for each alert channel, and its length limit. */
export const ALERT_VALUE_RULES: Record<(typeof ALERT_CHANNELS)[number], { max: number; test: (v: string) => boolean; expected: string }> = {
  email: { max: LIMITS.alertEmail, test: (v) => EMAIL.test(v), expected: "an email address" },
  sms: { max: LIMITS.alertSms, test: (v) => PHONE.test(v), expected: "a phone number of digits, optionally starting with +" },
  telegram: { max: LIMITS.alertTelegram, test: (v) => TELEGRAM.test(v), expected: '"BOT_TOKEN CHAT_ID" separated by whitespace' },
  webhook: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL" },
  slack: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL" },
  teams: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL" },
  discord: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL" },
  flock: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL" },
};

/** One alert channel of a monitor; the value's format depends on the channel. */
export const alertSchema = z
  .object({
    key: stringOneOf(ALERT_CHANNELS).describe("Alert channel."),
    value: z.string({ error: "expected a string" }).min(1, { error: "must not be empty" }).describe("Address, number, token or URL for the channel."),
  })
  .superRefine((alert, ctx) => {
    const rule = ALERT_VALUE_RULES[alert.key];
    // Alert values are often secrets (webhook URLs, bot tokens): never echo them.
    if (alert.value.length > rule.max) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `must be at most ${rule.max} characters for ${alert.key}` });
    } else if (!rule.test(alert.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `must be ${rule.expected} for ${alert.key}` });
    }
  });

/** The writable monitor fields, each optional; store and update add what they require. */
const monitorFields = {
  name: text(LIMITS.name, 1).describe("Name of the monitor, unique per account."),
  url: httpUrl(LIMITS.url).describe("URL to monitor."),
  interval: numberOneOf(INTERVALS).describe("Check interval in seconds."),
  alert_condition: stringOneOf(ALERT_CONDITIONS).describe(
    "When to alert: url_unavailable (the URL becomes unavailable), url_text (the response contains the text), url_no_text (the response does not contain the text).",
  ),
  alert_text_lookup: text(LIMITS.alertTextLookup).describe("Text to look up; required when alert_condition is url_text or url_no_text."),
  request_method: stringOneOf(REQUEST_METHODS).describe("HTTP method of the check request."),
  request_headers: z.array(requestHeaderSchema).max(LIMITS.requestHeaders, { error: `must have at most ${LIMITS.requestHeaders} entries` }).describe("Headers of the check request."),
  request_auth_username: text(LIMITS.requestAuthUsername).describe("Basic-auth username of the check request; required with the password."),
  request_auth_password: text(LIMITS.requestAuthPassword).describe("Basic-auth password of the check request; required with the username. Write-only."),
  cache_buster: numberOneOf(CACHE_BUSTER_VALUES).describe("1 adds a random query parameter to each check; 0 does not."),
  ssl_alert_days: numberOneOf(EXPIRY_ALERT_DAYS).describe("Days before the SSL certificate expires to alert; 0 disables."),
  domain_alert_days: numberOneOf(EXPIRY_ALERT_DAYS).describe("Days before the domain name expires to alert; 0 disables."),
  maintenance_start_at: localDateTime.describe("Start of the maintenance window, Y-m-dTH:i:s in the account's time zone; required with the end."),
  maintenance_end_at: localDateTime.describe("End of the maintenance window, Y-m-dTH:i:s; after the start."),
  alerts: z.array(alertSchema).max(LIMITS.alerts, { error: `must have at most ${LIMITS.alerts} entries` }).describe("Alert channels."),
};

type Fields = typeof monitorFields;

/** Run a refinement even when fields failed, so that one parse reports everything. */
export const ALWAYS = { when: () => true } as const;
type Present = Partial<{ [K in keyof Fields]: z.infer<Fields[K]> | null }>;

/**
 * The service's cross-field rules, applied to whichever of the fields are present. They
 * run even when a field has the wrong type (`when` below), so that every problem is
 * reported at once; hence the defensive type checks.
 */
function crossFieldRules(m: Present, ctx: z.RefinementCtx): void {
  if (!m || typeof m !== "object") return;
  if (typeof m.alert_condition === "string" && (TEXT_ALERT_CONDITIONS as readonly string[]).includes(m.alert_condition) && !m.alert_text_lookup) {
    ctx.addIssue({ code: "custom", path: ["alert_text_lookup"], message: `is required when alert_condition is ${m.alert_condition}` });
  }
  const hasUser = !!m.request_auth_username;
  const hasPassword = !!m.request_auth_password;
  if (hasUser && !hasPassword) ctx.addIssue({ code: "custom", path: ["request_auth_password"], message: "is required when request_auth_username is set" });
  if (hasPassword && !hasUser) ctx.addIssue({ code: "custom", path: ["request_auth_username"], message: "is required when request_auth_password is set" });
  const start = typeof m.maintenance_start_at === "string" ? m.maintenance_start_at : undefined;
  const end = typeof m.maintenance_end_at === "string" ? m.maintenance_end_at : undefined;
  if (start && !end) ctx.addIssue({ code: "custom", path: ["maintenance_end_at"], message: "is required when maintenance_start_at is set" });
  if (end && !start) ctx.addIssue({ code: "custom", path: ["maintenance_start_at"], message: "is required when maintenance_end_at is set" });
  if (start && end && isLocalDateTime(start) && isLocalDateTime(end) && localDateTimeToEpoch(start) >= localDateTimeToEpoch(end)) {
    ctx.addIssue({ code: "custom", path: ["maintenance_end_at"], message: `must be after maintenance_start_at (${start})` });
  }
}

/** Body of `POST /api/v1/monitors`: name, url and interval required. */
export const monitorCreateSchema = z
  .object({
    ...monitorFields,
    alert_condition: monitorFields.alert_condition.optional(),
    alert_text_lookup: monitorFields.alert_text_lookup.optional(),
    request_method: monitorFields.request_method.optional(),
    request_headers: monitorFields.request_headers.optional(),
    request_auth_username: monitorFields.request_auth_username.optional(),
    request_auth_password: monitorFields.request_auth_password.optional(),
    cache_buster: monitorFields.cache_buster.optional(),
    ssl_alert_days: monitorFields.ssl_alert_days.optional(),
    domain_alert_days: monitorFields.domain_alert_days.optional(),
    maintenance_start_at: monitorFields.maintenance_start_at.optional(),
    maintenance_end_at: monitorFields.maintenance_end_at.optional(),
    alerts: monitorFields.alerts.optional(),
  })
  .superRefine(crossFieldRules, ALWAYS);

/**
 * Body of `PUT|PATCH /api/v1/monitors/{id}`: every field optional. `null` clears an
 * optional field (sent as an empty value), and `pause` pauses or resumes checking.
 */
export const monitorUpdateSchema = z
  .object({
    name: monitorFields.name.optional(),
    url: monitorFields.url.optional(),
    interval: monitorFields.interval.optional(),
    alert_condition: monitorFields.alert_condition.optional(),
    alert_text_lookup: monitorFields.alert_text_lookup.nullable().optional(),
    request_method: monitorFields.request_method.optional(),
    request_headers: monitorFields.request_headers.nullable().optional(),
    request_auth_username: monitorFields.request_auth_username.nullable().optional(),
    request_auth_password: monitorFields.request_auth_password.nullable().optional(),
    cache_buster: monitorFields.cache_buster.optional(),
    ssl_alert_days: monitorFields.ssl_alert_days.optional(),
    domain_alert_days: monitorFields.domain_alert_days.optional(),
    maintenance_start_at: monitorFields.maintenance_start_at.nullable().optional(),
    maintenance_end_at: monitorFields.maintenance_end_at.nullable().optional(),
    alerts: monitorFields.alerts.nullable().optional(),
    pause: z.boolean({ error: "expected true or false" }).optional().describe("true pauses checking; false resumes it."),
  })
  .superRefine(crossFieldRules, ALWAYS);

/** Input of a monitor store. */
export type MonitorCreateInput = z.input<typeof monitorCreateSchema>;
/** Input of a monitor update. */
export type MonitorUpdateInput = z.input<typeof monitorUpdateSchema>;
/** A request header entry. */
export type RequestHeader = z.infer<typeof requestHeaderSchema>;
/** An alert channel entry. */
export type Alert = z.infer<typeof alertSchema>;

/** A monitor as instances return it, parsed tolerantly. Dates are raw here; see `Monitor`. */
export const monitorResponseSchema = z.looseObject({
  id: looseInt,
  name: z.string(),
  url: z.string(),
  interval: looseInt,
  status: z.string().nullish().transform((v) => v ?? "pending"),
  alert_condition: z.string().nullish().transform((v) => v ?? "url_unavailable"),
  alert_text_lookup: stringOrNull,
  request_method: z.string().nullish().transform((v) => v ?? "GET"),
  request_headers: tolerantList(keyValueResponse).nullish().transform((v) => v ?? []),
  request_auth_username: stringOrNull,
  cache_buster: z
    .union([z.number(), z.boolean(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === true || v === 1 || v === "1" || v === "true" ? 1 : 0) as 0 | 1),
  ssl_alert_days: looseIntOrNull.transform((v) => v ?? 0),
  domain_alert_days: looseIntOrNull.transform((v) => v ?? 0),
  maintenance_start_at: stringOrNull,
  maintenance_end_at: stringOrNull,
  alerts: tolerantList(keyValueResponse).nullish().transform((v) => v ?? []),
  ssl_ends_at: stringOrNull.optional(),
  domain_ends_at: stringOrNull.optional(),
  started_at: stringOrNull.optional(),
  checked_at: stringOrNull.optional(),
  created_at: stringOrNull.optional(),
  updated_at: stringOrNull.optional(),
});

/** Date fields of a monitor response, normalised to `Y-m-dTH:i:s` in the account's zone. */
export const MONITOR_DATE_FIELDS = [
  "maintenance_start_at", "maintenance_end_at", "ssl_ends_at", "domain_ends_at", "started_at", "checked_at", "created_at", "updated_at",
] as const;

/**
 * A monitor as the client returns it: API field names, lists always arrays, defaults
 * filled, every date in `Y-m-dTH:i:s` in the account's time zone (client option
 * `timeZone`, default UTC) so that it compares equal to what was sent.
 */
export type Monitor = z.infer<typeof monitorResponseSchema>;
