/**
 * Monitor store/update validation, as the service's form requests do it: every bad field
 * is reported at once, list entries under dot keys (`alerts.0.value`). The result is the
 * complete set of columns after merging the request into the stored monitor.
 */
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  EXPIRY_ALERT_DAYS,
  INTERVALS,
  LIMITS,
  REQUEST_METHODS,
  TEXT_ALERT_CONDITIONS,
  URL_ALERT_CHANNELS,
} from "../../schemas/values";
import { MONITOR_FIELDS as monitorCreateFields } from "../../schemas/resources";
import type { FieldErrors } from "../respond";
import type { KeyValue, MonitorFields, MonitorRecord } from "../store";
import { messages } from "./messages";
import {
  ErrorBag,
  charLength,
  checkDate,
  checkIn,
  checkIntegerIn,
  checkString,
  filled,
  isEmail,
  isHttpUrl,
  isRecord,
  listEntries,
  present,
  rejectUnknown,
  toBoolean,
} from "./rules";

/** Fields a monitor store accepts: the contract's, read from the store schema. */
const MONITOR_FIELDS: readonly string[] = monitorCreateFields.api.map((f) => f.wire);

/** What the validator needs besides the request. */
interface MonitorValidationContext {
  /** Store (name, url, interval required) or update (all optional, plus `pause`). */
  mode: "store" | "update";
  /** The stored monitor, on update. */
  existing?: MonitorRecord;
  /** Account time zone of date inputs. */
  timeZone: string;
  /** True when another monitor of the account is called `name`. */
  nameTaken(name: string): Promise<boolean>;
  /** True when the monitor has an ongoing incident (decides the status when unpaused). */
  hasOngoingIncident: boolean;
}

/** Columns to store, or the 422 messages. */
type MonitorValidation = { ok: true; fields: MonitorFields } | { ok: false; errors: FieldErrors };

/**
 * Columns of a new monitor that the request left out: the service's defaults as the
 * schemas record them (`default`), null where there is none, and the first status.
 */
const DEFAULTS = {
  status: "pending",
  ...Object.fromEntries(monitorCreateFields.api.filter((f) => !f.required).map((f) => [f.wire, f.default ?? null])),
} as Omit<MonitorFields, "name" | "url" | "interval">;

function currentFields(m: MonitorRecord): MonitorFields {
  const out = {} as Record<string, unknown>;
  for (const k of [...MONITOR_FIELDS, "status"]) out[k] = (m as unknown as Record<string, unknown>)[k];
  return out as unknown as MonitorFields;
}

/** Validates a monitor store or update request. */
export async function validateMonitor(
  input: Record<string, unknown>,
  ctx: MonitorValidationContext,
): Promise<MonitorValidation> {
  const bag = new ErrorBag();
  const store = ctx.mode === "store";
  const out: MonitorFields = ctx.existing
    ? currentFields(ctx.existing)
    : { name: "", url: "", interval: 0, ...DEFAULTS };
  const has = (k: string) => present(input, k);
  // A field is checked on store always (required ones complain when missing), on update only when sent.
  const check = (k: string) => store || has(k);

  rejectUnknown(bag, input, [...MONITOR_FIELDS, "pause"]);
  if (store && has("pause")) bag.add("pause", messages.prohibited("pause"));

  if (check("name")) {
    if (!filled(input.name)) bag.add("name", messages.required("name"));
    else {
      const name = checkString(bag, "name", input.name, LIMITS.name);
      if (name !== undefined) {
        if (await ctx.nameTaken(name)) bag.add("name", messages.unique("name"));
        else out.name = name;
      }
    }
  }

  if (check("url")) {
    if (!filled(input.url)) bag.add("url", messages.required("url"));
    else if (typeof input.url !== "string") bag.add("url", messages.string("url"));
    else {
      if (charLength(input.url) > LIMITS.url) bag.add("url", messages.maxString("url", LIMITS.url));
      if (!isHttpUrl(input.url)) bag.add("url", messages.url("url"));
      if (!bag.has("url")) out.url = input.url;
    }
  }

  if (check("interval")) {
    if (!filled(input.interval)) bag.add("interval", messages.required("interval"));
    else {
      const n = checkIntegerIn(bag, "interval", input.interval, INTERVALS);
      if (n !== undefined) out.interval = n;
    }
  }

  // Optional fields with a default: null (or "") restores the default.
  if (has("alert_condition")) {
    if (input.alert_condition === null) out.alert_condition = DEFAULTS.alert_condition;
    else {
      const v = checkIn(bag, "alert_condition", input.alert_condition, ALERT_CONDITIONS);
      if (v !== undefined) out.alert_condition = v;
    }
  }
  if (has("request_method")) {
    if (input.request_method === null) out.request_method = DEFAULTS.request_method;
    else {
      const v = checkIn(bag, "request_method", input.request_method, REQUEST_METHODS);
      if (v !== undefined) out.request_method = v;
    }
  }

  if (has("alert_text_lookup")) {
    if (input.alert_text_lookup === null) out.alert_text_lookup = null;
    else {
      const v = checkString(bag, "alert_text_lookup", input.alert_text_lookup, LIMITS.alertTextLookup);
      if (v !== undefined) out.alert_text_lookup = v;
    }
  }
  // Required by the EFFECTIVE condition: an update may change either side alone.
  if (
    !bag.has("alert_condition") &&
    !bag.has("alert_text_lookup") &&
    (TEXT_ALERT_CONDITIONS as readonly string[]).includes(out.alert_condition) &&
    !filled(out.alert_text_lookup)
  ) {
    bag.add("alert_text_lookup", messages.requiredIf("alert_text_lookup", "alert_condition", out.alert_condition));
  }

  if (has("request_headers")) {
    const list = validateKeyValueList(bag, "request_headers", input.request_headers, LIMITS.requestHeaders, (e, at) => {
      const key = entryString(bag, `${at}.key`, e.key, LIMITS.requestHeaderKey, e.value, `${at}.value`);
      const value = entryString(bag, `${at}.value`, e.value, LIMITS.requestHeaderValue, e.key, `${at}.key`);
      return key !== undefined && value !== undefined ? { key, value } : undefined;
    });
    if (list) out.request_headers = list;
  }

  validatePair(
    bag,
    input,
    out,
    "request_auth_username",
    LIMITS.requestAuthUsername,
    "request_auth_password",
    LIMITS.requestAuthPassword,
  );

  if (has("cache_buster")) {
    if (input.cache_buster === null) out.cache_buster = 0;
    else {
      const b = toBoolean(input.cache_buster);
      if (b === undefined) bag.add("cache_buster", messages.in("cache_buster"));
      else out.cache_buster = b ? 1 : 0;
    }
  }
  for (const k of ["ssl_alert_days", "domain_alert_days"] as const) {
    if (!has(k)) continue;
    if (input[k] === null) out[k] = 0;
    else {
      const n = checkIntegerIn(bag, k, input[k], EXPIRY_ALERT_DAYS);
      if (n !== undefined) out[k] = n;
    }
  }

  validateMaintenance(bag, input, out, ctx.timeZone);

  if (has("alerts")) {
    const list = validateKeyValueList(bag, "alerts", input.alerts, LIMITS.alerts, (e, at) => validateAlert(bag, e, at));
    if (list) out.alerts = list;
  }

  if (!store && has("pause") && input.pause !== null) {
    const b = toBoolean(input.pause);
    if (b === undefined) bag.add("pause", messages.boolean("pause"));
    // Unpausing reports what an immediate check would: down while an incident is open.
    else out.status = b ? "paused" : ctx.hasOngoingIncident ? "offline" : "online";
  }

  return bag.empty ? { ok: true, fields: out } : { ok: false, errors: bag.errors };
}

/**
 * A list of `{key, value}` entries. null clears it; entries where both sides are empty
 * are dropped, as the service's form request does.
 */
function validateKeyValueList(
  bag: ErrorBag,
  field: string,
  value: unknown,
  max: number,
  entry: (e: Record<string, unknown>, at: string) => KeyValue | undefined,
): KeyValue[] | undefined {
  if (value === null) return [];
  const entries = listEntries(value);
  if (!entries) {
    bag.add(field, messages.array(field));
    return undefined;
  }
  if (entries.length > max) bag.add(field, messages.maxArray(field, max));
  const out: KeyValue[] = [];
  for (const [index, e] of entries) {
    const at = `${field}.${index}`;
    if (e === null || e === undefined) continue;
    if (!isRecord(e)) {
      bag.add(at, messages.array(at));
      continue;
    }
    rejectUnknown(bag, e, ["key", "value"], `${at}.`);
    if (!filled(e.key) && !filled(e.value)) continue;
    const kv = entry(e, at);
    if (kv) out.push(kv);
  }
  return bag.has(field) ? undefined : out;
}

/** One side of a header entry: required when the other side is given. */
function entryString(
  bag: ErrorBag,
  at: string,
  value: unknown,
  max: number,
  other: unknown,
  otherAt: string,
): string | undefined {
  if (!filled(value)) {
    if (filled(other)) bag.add(at, messages.requiredWith(at, otherAt));
    return undefined;
  }
  return checkString(bag, at, value, max);
}

/** One alert: a known channel and a value in that channel's format. */
function validateAlert(bag: ErrorBag, e: Record<string, unknown>, at: string): KeyValue | undefined {
  const keyAt = `${at}.key`;
  const valueAt = `${at}.value`;
  let key: string | undefined;
  if (!filled(e.key)) bag.add(keyAt, messages.required(keyAt));
  else key = checkIn(bag, keyAt, e.key, ALERT_CHANNELS);
  if (!filled(e.value)) {
    bag.add(valueAt, messages.required(valueAt));
    return undefined;
  }
  if (typeof e.value !== "string") {
    bag.add(valueAt, messages.string(valueAt));
    return undefined;
  }
  const value = e.value;
  const max =
    key === "email"
      ? LIMITS.alertEmail
      : key === "sms"
        ? LIMITS.alertSms
        : key === "telegram"
          ? LIMITS.alertTelegram
          : LIMITS.alertUrl;
  if (charLength(value) > max) bag.add(valueAt, messages.maxString(valueAt, max));
  if (key === "email" && !isEmail(value)) bag.add(valueAt, messages.email(valueAt));
  if (key === "sms" && !/^\+?\d+$/.test(value)) bag.add(valueAt, messages.format(valueAt));
  // "BOT_TOKEN CHAT_ID": exactly two words.
  if (key === "telegram" && !/^\s*\S+\s+\S+\s*$/.test(value)) bag.add(valueAt, messages.format(valueAt));
  if (key && (URL_ALERT_CHANNELS as readonly string[]).includes(key) && !isHttpUrl(value))
    bag.add(valueAt, messages.url(valueAt));
  return key !== undefined && !bag.has(valueAt) ? { key, value } : undefined;
}

/** Two string fields each required with the other (Basic auth username and password). */
function validatePair(
  bag: ErrorBag,
  input: Record<string, unknown>,
  out: MonitorFields,
  a: "request_auth_username",
  maxA: number,
  b: "request_auth_password",
  maxB: number,
): void {
  for (const [field, max] of [
    [a, maxA],
    [b, maxB],
  ] as const) {
    if (!present(input, field)) continue;
    if (input[field] === null) out[field] = null;
    else {
      const v = checkString(bag, field, input[field], max);
      if (v !== undefined) out[field] = v;
    }
  }
  // required_with looks at the request, not the stored monitor, as Laravel's rule does.
  if (filled(input[a]) && !filled(input[b])) bag.add(b, messages.requiredWith(b, a));
  if (filled(input[b]) && !filled(input[a])) bag.add(a, messages.requiredWith(a, b));
}

/** The maintenance window: both ends or neither, start before end. */
function validateMaintenance(
  bag: ErrorBag,
  input: Record<string, unknown>,
  out: MonitorFields,
  timeZone: string,
): void {
  const s = "maintenance_start_at";
  const e = "maintenance_end_at";
  let start: number | null | undefined;
  let end: number | null | undefined;
  if (present(input, s)) start = input[s] === null ? null : checkDate(bag, s, input[s], timeZone);
  if (present(input, e)) end = input[e] === null ? null : checkDate(bag, e, input[e], timeZone);
  if (filled(input[s]) && !filled(input[e])) bag.add(e, messages.requiredWith(e, s));
  if (filled(input[e]) && !filled(input[s])) bag.add(s, messages.requiredWith(s, e));
  if (typeof start === "number" && typeof end === "number" && start >= end)
    bag.add(s, messages.before(s, e.replace(/_/g, " ")));
  if (!bag.has(s) && !bag.has(e)) {
    if (start !== undefined) out.maintenance_start_at = start;
    if (end !== undefined) out.maintenance_end_at = end;
  }
}
