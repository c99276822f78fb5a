/**
 * Monitor schemas in the API's own field names: what may be sent on store and update
 * (the contract's fields and allowed values plus the service's cross-field rules), and
 * how a monitor comes back (parsed tolerantly, since instances differ).
 */
import { z } from "zod";
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  CACHE_BUSTER_VALUES,
  EXPIRY_ALERT_DAYS,
  INTERVALS,
  LIMITS,
  REQUEST_METHODS,
  TEXT_ALERT_CONDITIONS,
} from "./values";
import {
  ALWAYS,
  charLength,
  httpUrl,
  isHttpUrl,
  keyValueResponse,
  list,
  looseInt,
  looseIntOrNull,
  numberOneOf,
  optionalLocalDateTime,
  stringOneOf,
  stringOr,
  stringOrNull,
  text,
  tolerantList,
} from "./common";
import { isLocalDateTime, localDateTimeToEpoch } from "../util/time";
import { EMAIL_PATTERN, HTTP_URL_PATTERN, NOT_BLANK_PATTERN, PHONE_PATTERN, TELEGRAM_PATTERN } from "./patterns";
import { field } from "./fields";

/** One request header of the check request. */
export const requestHeaderSchema = z.object({
  key: text(LIMITS.requestHeaderKey, true).describe("Header name."),
  value: text(LIMITS.requestHeaderValue, true).describe("Header value."),
});

/** A local part, "@", and a host of dot-separated labels (the service's rule needs no dot: `ops@localhost` passes). */
const EMAIL = new RegExp(EMAIL_PATTERN);
const PHONE = new RegExp(PHONE_PATTERN);
/** "BOT_TOKEN CHAT_ID": two words; whitespace around them is allowed, as the service allows it. */
const TELEGRAM = new RegExp(TELEGRAM_PATTERN);

/** What a value must look like for each alert channel, and its length limit. */
/**
 * What a value must look like for each alert channel, and its length limit. `pattern` says
 * it for JSON Schema (see patterns.ts); for URLs it is narrower than `test`.
 */
export const ALERT_VALUE_RULES: Record<
  (typeof ALERT_CHANNELS)[number],
  { max: number; test: (v: string) => boolean; expected: string; pattern: string }
> = {
  email: { max: LIMITS.alertEmail, test: (v) => EMAIL.test(v), expected: "an email address", pattern: EMAIL_PATTERN },
  sms: {
    max: LIMITS.alertSms,
    test: (v) => PHONE.test(v),
    expected: "a phone number of digits, optionally starting with +",
    pattern: PHONE_PATTERN,
  },
  telegram: {
    max: LIMITS.alertTelegram,
    test: (v) => TELEGRAM.test(v),
    expected: '"BOT_TOKEN CHAT_ID" separated by whitespace',
    pattern: TELEGRAM_PATTERN,
  },
  webhook: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL", pattern: HTTP_URL_PATTERN },
  slack: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL", pattern: HTTP_URL_PATTERN },
  teams: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL", pattern: HTTP_URL_PATTERN },
  discord: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL", pattern: HTTP_URL_PATTERN },
  flock: { max: LIMITS.alertUrl, test: isHttpUrl, expected: "an http or https URL", pattern: HTTP_URL_PATTERN },
};

/** The per-channel value rules as JSON Schema, one branch per channel (metadata of {@link alertSchema}). */
const ALERT_BRANCHES = ALERT_CHANNELS.map((channel) => ({
  properties: {
    key: { const: channel },
    value: { type: "string", maxLength: ALERT_VALUE_RULES[channel].max, pattern: ALERT_VALUE_RULES[channel].pattern },
  },
}));

/** One alert channel of a monitor; the value's format depends on the channel. */
export const alertSchema = z
  .object({
    key: stringOneOf(ALERT_CHANNELS).describe("Alert channel."),
    value: z
      .string({ error: "expected a string" })
      .refine((v) => v.trim() !== "", { error: "must not be empty" })
      .describe("Address, number, token or URL for the channel."),
  })
  // Runs even when the key is not a channel, so that the value is checked too, as the
  // service checks it (against the longest channel limit when the channel is unknown).
  .superRefine((alert, ctx) => {
    if (!alert || typeof alert.value !== "string" || alert.value.trim() === "") return;
    // Own keys only: a key such as "valueOf" must not find Object.prototype's.
    const rule = Object.hasOwn(ALERT_VALUE_RULES, alert.key)
      ? ALERT_VALUE_RULES[alert.key as keyof typeof ALERT_VALUE_RULES]
      : undefined;
    // Alert values are often secrets (webhook URLs, bot tokens): never echo them.
    if (!rule) {
      if (charLength(alert.value) > LIMITS.alertUrl)
        ctx.addIssue({ code: "custom", path: ["value"], message: `must be at most ${LIMITS.alertUrl} characters` });
    } else if (charLength(alert.value) > rule.max) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `must be at most ${rule.max} characters for ${alert.key}`,
      });
    } else if (!rule.test(alert.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `must be ${rule.expected} for ${alert.key}` });
    }
  }, ALWAYS)
  .meta({ oneOf: ALERT_BRANCHES });

/** The writable monitor fields, each optional; store and update add what they require. */
const monitorFields = {
  name: field(
    text(LIMITS.name, true),
    "Name of the monitor, unique per account. When omitted, one is generated at the first preview or up and kept in state: " +
      "the name the engine proposes from the stack's `pulumi:autonaming` config (e.g. pattern `${stack}-${name}`; mode `disabled` " +
      "makes a missing name an error), or, where the engine proposes none (the Node.js package's dynamic class), the resource " +
      "name, a dash and 7 random lowercase letters and digits. Omitting it later keeps the current name. Required with `adopt`.",
    { autoname: true },
  ),
  url: field(httpUrl(LIMITS.url), "URL to monitor."),
  interval: field(numberOneOf(INTERVALS), "Check interval in seconds.", { teamDefault: true }),
  alert_condition: field(
    stringOneOf(ALERT_CONDITIONS),
    "When to alert: url_unavailable (the URL becomes unavailable), url_text (the response contains the text), url_no_text (the response does not contain the text).",
    { default: "url_unavailable", teamDefault: true },
  ),
  alert_text_lookup: field(
    text(LIMITS.alertTextLookup),
    "Text to look up; required when alert_condition is url_text or url_no_text.",
  ),
  request_method: field(stringOneOf(REQUEST_METHODS), "HTTP method of the check request.", {
    default: "GET",
    teamDefault: true,
  }),
  request_headers: field(list(requestHeaderSchema, LIMITS.requestHeaders), "Headers of the check request.", {
    default: [],
    secret: true,
    plaintextInput: true,
    teamDefault: true,
  }),
  request_auth_username: field(
    text(LIMITS.requestAuthUsername),
    "Basic-auth username of the check request; required with the password.",
  ),
  request_auth_password: field(
    text(LIMITS.requestAuthPassword),
    "Basic-auth password of the check request; required with the username. Write-only.",
    { secret: true, writeOnly: true },
  ),
  cache_buster: field(numberOneOf(CACHE_BUSTER_VALUES), "1 adds a random query parameter to each check; 0 does not.", {
    default: 0,
    teamDefault: true,
  }),
  ssl_alert_days: field(
    numberOneOf(EXPIRY_ALERT_DAYS),
    "Days before the SSL certificate expires to alert; 0 disables.",
    { default: 0, teamDefault: true },
  ),
  domain_alert_days: field(
    numberOneOf(EXPIRY_ALERT_DAYS),
    "Days before the domain name expires to alert; 0 disables.",
    { default: 0, teamDefault: true },
  ),
  // Managed only when declared: a window opened outside the program (a deploy's) must survive `up`.
  maintenance_start_at: field(
    optionalLocalDateTime,
    "Start of the maintenance window, Y-m-dTH:i:s in the account's time zone; required with the end. " +
      'Managed only when declared: when both are omitted, the service\'s window is left alone; "" for both clears it.',
    { onlyWhenSet: true },
  ),
  maintenance_end_at: field(
    optionalLocalDateTime,
    "End of the maintenance window, Y-m-dTH:i:s; after the start. Managed only when declared, with the start.",
    { onlyWhenSet: true },
  ),
  alerts: field(list(alertSchema, LIMITS.alerts), "Alert channels.", { default: [], secret: true, teamDefault: true }),
};

type Fields = typeof monitorFields;

type Present = Partial<{ [K in keyof Fields]: z.infer<Fields[K]> | null }>;

/** Present and not blank: what the service's "required" rules look for. */
function filled(v: unknown): boolean {
  return v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");
}

/** Two fields that go together (Laravel's required_with both ways): each one set requires the other. */
function bothOrNeither(ctx: z.RefinementCtx, [a, hasA]: [string, boolean], [b, hasB]: [string, boolean]): void {
  if (hasA && !hasB) ctx.addIssue({ code: "custom", path: [b], message: `is required when ${a} is set` });
  if (hasB && !hasA) ctx.addIssue({ code: "custom", path: [a], message: `is required when ${b} is set` });
}

/**
 * The service's cross-field rules, applied to whichever of the fields are present. They
 * run even when a field has the wrong type (`when` below), so that every problem is
 * reported at once; hence the defensive type checks.
 *
 * On update the service judges the text lookup against the STORED condition and text,
 * which the client cannot see: an update refuses only a text condition sent together
 * with an emptied lookup. The other pairs are judged on the request alone, on the service
 * too (Laravel's required_with looks at the request).
 */
function crossFieldRules(mode: "store" | "update") {
  return (m: Present, ctx: z.RefinementCtx): void => {
    if (!m || typeof m !== "object") return;
    const textCondition =
      typeof m.alert_condition === "string" && (TEXT_ALERT_CONDITIONS as readonly string[]).includes(m.alert_condition);
    const lookupMissing =
      mode === "store" ? !filled(m.alert_text_lookup) : "alert_text_lookup" in m && !filled(m.alert_text_lookup);
    if (textCondition && lookupMissing) {
      ctx.addIssue({
        code: "custom",
        path: ["alert_text_lookup"],
        message: `is required when alert_condition is ${m.alert_condition}`,
      });
    }
    const hasUser = filled(m.request_auth_username);
    const hasPassword = filled(m.request_auth_password);
    bothOrNeither(ctx, ["request_auth_username", hasUser], ["request_auth_password", hasPassword]);
    const start = filled(m.maintenance_start_at) ? m.maintenance_start_at : undefined;
    const end = filled(m.maintenance_end_at) ? m.maintenance_end_at : undefined;
    bothOrNeither(ctx, ["maintenance_start_at", Boolean(start)], ["maintenance_end_at", Boolean(end)]);
    // Reported on the start, as the service's `before:maintenance_end_at` rule does.
    if (
      typeof start === "string" &&
      typeof end === "string" &&
      isLocalDateTime(start) &&
      isLocalDateTime(end) &&
      localDateTimeToEpoch(start) >= localDateTimeToEpoch(end)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["maintenance_start_at"],
        message: `must be before maintenance_end_at (${end})`,
      });
    }
  };
}

/** `field` given and not blank, as JSON Schema says it. */
const filledJson = (field: string) => ({
  required: [field],
  properties: { [field]: { type: "string", pattern: NOT_BLANK_PATTERN } },
});

/**
 * {@link crossFieldRules} as JSON Schema, for the OpenAPI description: the pairs each
 * required with the other, and the text lookup a text condition needs (on update only
 * when sent: the stored lookup may do). The window's order is not expressible.
 */
function crossFieldJsonSchema(mode: "store" | "update") {
  const pairs = [
    ["request_auth_username", "request_auth_password"],
    ["maintenance_start_at", "maintenance_end_at"],
  ];
  const lookup = filledJson("alert_text_lookup");
  return [
    {
      if: { required: ["alert_condition"], properties: { alert_condition: { enum: [...TEXT_ALERT_CONDITIONS] } } },
      then: mode === "store" ? lookup : { properties: lookup.properties },
    },
    ...pairs.flatMap(([a, b]) => [
      { if: filledJson(a), then: filledJson(b) },
      { if: filledJson(b), then: filledJson(a) },
    ]),
  ];
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
  .superRefine(crossFieldRules("store"), ALWAYS)
  .meta({ allOf: crossFieldJsonSchema("store") });

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
    pause: z
      .boolean({ error: "expected true or false" })
      .optional()
      .describe("true pauses checking; false resumes it."),
  })
  .superRefine(crossFieldRules("update"), ALWAYS)
  .meta({ allOf: crossFieldJsonSchema("update") });

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
  status: stringOr("pending"),
  alert_condition: stringOr("url_unavailable"),
  alert_text_lookup: stringOrNull,
  request_method: stringOr("GET"),
  request_headers: tolerantList(keyValueResponse)
    .nullish()
    .transform((v) => v ?? []),
  request_auth_username: stringOrNull,
  cache_buster: z
    .union([z.number(), z.boolean(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === true || v === 1 || v === "1" || v === "true" ? 1 : 0) as 0 | 1),
  ssl_alert_days: looseIntOrNull.transform((v) => v ?? 0),
  domain_alert_days: looseIntOrNull.transform((v) => v ?? 0),
  maintenance_start_at: stringOrNull,
  maintenance_end_at: stringOrNull,
  alerts: tolerantList(keyValueResponse)
    .nullish()
    .transform((v) => v ?? []),
  ssl_ends_at: stringOrNull.optional(),
  domain_ends_at: stringOrNull.optional(),
  started_at: stringOrNull.optional(),
  checked_at: stringOrNull.optional(),
  // What the last check saw and how long it took (ms); the local server returns them.
  check_result: stringOrNull.optional(),
  response_time: looseIntOrNull.optional(),
  created_at: stringOrNull.optional(),
  updated_at: stringOrNull.optional(),
});

/** Date fields of a monitor response, normalised to `Y-m-dTH:i:s` in the account's zone. */
export const MONITOR_DATE_FIELDS = [
  "maintenance_start_at",
  "maintenance_end_at",
  "ssl_ends_at",
  "domain_ends_at",
  "started_at",
  "checked_at",
  "created_at",
  "updated_at",
] as const;

/**
 * Fields of a monitor response that the service's checks write (see "Fields the service
 * owns" in docs/reference.md): they can differ between two reads of the same monitor moments apart
 * with nobody writing it. `updated_at` is among them because a service may touch it when it
 * records a check (the local server does not). A check never writes `paused` into `status`.
 */
export const MONITOR_CHECK_FIELDS = [
  "status",
  "started_at",
  "checked_at",
  "check_result",
  "response_time",
  "ssl_ends_at",
  "domain_ends_at",
  "updated_at",
] as const;

/**
 * A monitor as the client returns it: API field names, lists always arrays, defaults
 * filled, every date in `Y-m-dTH:i:s` in the account's time zone (client option
 * `timeZone`, default UTC) so that it compares equal to what was sent.
 */
export type Monitor = z.infer<typeof monitorResponseSchema>;
