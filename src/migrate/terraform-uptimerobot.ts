/**
 * The UptimeRobot providers' resources in a Terraform state: `uptimerobot_monitor`,
 * `uptimerobot_alert_contact`, `uptimerobot_integration` (third-party channels),
 * `uptimerobot_maintenance_window` and status pages. Both schemas are read: the community
 * provider louy/uptimerobot (`friendly_name`, lower-case `type`, `alert_contact` blocks) and
 * the official uptimerobot/uptimerobot 1.x (`name`, upper-case `type`,
 * `assigned_alert_contacts`, `is_paused`, SSL and domain reminders).
 */
import {
  isObject,
  MigrateInputError,
  num,
  bool,
  str,
  type SourceContact,
  type SourceMonitor,
  type SourceRead,
} from "./source";
import { otherOf, type TfResource } from "./terraform-resource";
import { NO_STATUS_PAGES } from "./contacts";
import {
  approximated,
  DIFFERS,
  type FieldTable,
  ignored,
  mapped,
  setting,
  SHARED_RULES,
  unclassified,
} from "./field-tables";

const VENDOR = "UptimeRobot";
/** UptimeRobot's interval when none is set (both providers default to 300 s). */
const DEFAULT_INTERVAL = 300;
/**
 * The state holds whether SSL and domain reminders are on, and (official provider) the
 * days of SSL reminders; UptimeRobot's own reminder days otherwise are not in the input,
 * so 30 days is taken and reported.
 */
const REMINDER_DAYS = 30;

function contactsById(resources: TfResource[]): Map<string, SourceContact> {
  const byId = new Map<string, SourceContact>();
  for (const r of resources) {
    if (r.type !== "uptimerobot_alert_contact" && r.type !== "uptimerobot_integration") continue;
    const a = r.attrs;
    const kind = (str(a.type) ?? "unknown").toLowerCase();
    const value =
      kind === "telegram"
        ? str(a.custom_value) && str(a.value)
          ? `${str(a.value)} ${str(a.custom_value)}`
          : undefined
        : str(a.value);
    const id = str(a.id);
    if (id) byId.set(id, { kind, name: str(a.friendly_name) ?? str(a.name) ?? r.address, value });
  }
  return byId;
}

const ALERT_CONTACT = "mapped: an alert of the contact's channel, its value from secret config";
const CONTACT_ID = "mapped: names the contact";
const THRESHOLD =
  "approximated when above 0: that contact is alerted only after the monitor has been down that many minutes; the service alerts at once";
const RECURRENCE =
  "approximated when above 0: that contact is alerted again every that many minutes while down; the service alerts once per incident";
const PORT_KINDS = "port monitors only, which are not mapped";

/**
 * `uptimerobot_monitor`'s fields in the official provider (1.x) and the community ones
 * (louy/uptimerobot, its forks such as vexxhost's), with what each becomes.
 */
export const UPTIMEROBOT_MONITOR_FIELDS: FieldTable = {
  id: ignored("UptimeRobot's id; the service assigns its own"),
  name: mapped("`name` (official provider)"),
  friendly_name: mapped("`name` (community providers)"),
  url: SHARED_RULES.url,
  type: mapped("HTTP and keyword monitors are mapped; the other kinds are not"),
  sub_type: ignored(PORT_KINDS),
  port: ignored(PORT_KINDS),
  interval: SHARED_RULES.interval,
  timeout: approximated(`when not UptimeRobot's default 30 s: ${DIFFERS.timeout}`),
  keyword_type: mapped("`alertCondition`: exists → `url_text`, not exists → `url_no_text`"),
  keyword_value: mapped("`alertTextLookup`"),
  keyword_case_type: approximated(
    "`CaseSensitive` is mapped (the service matches case-sensitively); `CaseInsensitive` is approximated",
  ),
  http_method: mapped("`requestMethod` (community providers)"),
  http_method_type: mapped("`requestMethod` (official provider)"),
  http_username: SHARED_RULES.username,
  http_password: SHARED_RULES.password,
  auth_type: mapped("basic is mapped; digest and the others are approximated (not carried)"),
  http_auth_type: mapped("basic is mapped; digest is approximated (not carried)"),
  custom_http_headers: SHARED_RULES.headers,
  success_http_response_codes: approximated(
    `UptimeRobot's default \`2xx\`, \`3xx\` with redirects followed is the service's rule (mapped); other codes are approximated: ${DIFFERS.statusCodes}`,
  ),
  follow_redirections: SHARED_RULES.redirectsOff,
  check_ssl_errors: SHARED_RULES.tlsOff,
  ignore_ssl_errors: SHARED_RULES.tlsIgnored,
  response_time_threshold: approximated(
    "alerts when an answer is slower than that many ms; the service has no such condition",
  ),
  post_value_type: SHARED_RULES.bodyEncoding,
  post_value_data: SHARED_RULES.body,
  post_value_kv: SHARED_RULES.body,
  region_data: SHARED_RULES.regions,
  regional_data: SHARED_RULES.regions,
  maintenance_window_ids: approximated("recurring maintenance windows have no equivalent (listed under otherItems)"),
  grace_period: ignored("heartbeat monitors only, which are not mapped"),
  is_paused: SHARED_RULES.paused,
  status: mapped("`paused` when it says paused; the other states are UptimeRobot's findings"),
  group_id: ignored("a folder in UptimeRobot's dashboard: does not change the check"),
  tags: SHARED_RULES.labels,
  custom_fields: SHARED_RULES.labels,
  assigned_alert_contacts: mapped(ALERT_CONTACT),
  "assigned_alert_contacts.alert_contact_id": mapped(CONTACT_ID),
  "assigned_alert_contacts.threshold": approximated(THRESHOLD),
  "assigned_alert_contacts.recurrence": approximated(RECURRENCE),
  alert_contact: mapped(ALERT_CONTACT),
  "alert_contact.id": mapped(CONTACT_ID),
  "alert_contact.threshold": approximated(THRESHOLD),
  "alert_contact.recurrence": approximated(RECURRENCE),
  ssl_expiration_reminder: mapped("`sslAlertDays` (30 when the days are not in the state: approximated)"),
  domain_expiration_reminder: mapped("`domainAlertDays` (30: approximated, the days are not in the state)"),
  config: mapped("its parts below"),
  "config.ssl_expiration_period_days": mapped("`sslAlertDays`: the largest, reported when several"),
  "config.dns_records": ignored("DNS monitors only, which are not mapped"),
  "config.udp": ignored("UDP monitors only, which are not mapped"),
  "config.ip_version": SHARED_RULES.ipVersion,
  "config.api_assertions": approximated("checks of a JSON answer's values; the service checks availability or a text"),
  "config.application_error_retries": approximated(`when above 0: ${DIFFERS.retries}`),
};

/** A contact assignment of either schema: the contact's id, and its delay and repeat in minutes. */
interface Assignment {
  id: string;
  threshold?: number;
  recurrence?: number;
  field: string;
}

/** Assigned contacts of a monitor, from either schema. */
function assigned(a: Record<string, unknown>, file: string, ref: string): Assignment[] {
  const field = a.assigned_alert_contacts !== undefined ? "assigned_alert_contacts" : "alert_contact";
  const list = a[field] ?? [];
  if (!Array.isArray(list)) throw new MigrateInputError(file, `${ref}.${field}`, "expected a list of contacts");
  return list.flatMap((c: unknown) => {
    // The official schema names the contact `alert_contact_id`, the community one `id`.
    const id = isObject(c) ? str(field === "assigned_alert_contacts" ? c.alert_contact_id : c.id) : str(c);
    if (!id) return [];
    return [{ id, field, ...(isObject(c) ? { threshold: num(c.threshold), recurrence: num(c.recurrence) } : {}) }];
  });
}

function headers(a: Record<string, unknown>): { key: string; value: string }[] {
  const h = a.custom_http_headers;
  if (!isObject(h)) return [];
  return Object.entries(h).map(([key, value]) => ({ key, value: String(value) }));
}

/** UptimeRobot's success codes when none are set: any 2xx or 3xx. */
const DEFAULT_CODES = ["2xx", "3xx"];

/** The settings a monitor sets that change what its check does here, each named with its value. */
function differences(a: Record<string, unknown>, keyword: boolean, contacts: { c: SourceContact; as: Assignment }[]) {
  const out: string[] = [];
  const codes = Array.isArray(a.success_http_response_codes) ? a.success_http_response_codes.map(String) : [];
  if (codes.length && [...codes].sort().join() !== DEFAULT_CODES.join())
    out.push(setting("success_http_response_codes", codes, DIFFERS.statusCodes));
  if (a.follow_redirections === false) out.push(setting("follow_redirections", false, DIFFERS.redirectsOff));
  if (a.check_ssl_errors === false) out.push(setting("check_ssl_errors", false, DIFFERS.tlsSkipped));
  if (bool(a.ignore_ssl_errors)) out.push(setting("ignore_ssl_errors", true, DIFFERS.tlsSkipped));
  const timeout = num(a.timeout);
  if (timeout !== undefined && timeout !== 30) out.push(setting("timeout", timeout, DIFFERS.timeout));
  const threshold = num(a.response_time_threshold);
  if (threshold)
    out.push(
      setting(
        "response_time_threshold",
        threshold,
        "alerts when an answer takes longer than that many ms; the service has no such condition",
      ),
    );
  if (str(a.post_value_data) || isObject(a.post_value_kv))
    out.push(setting(str(a.post_value_data) ? "post_value_data" : "post_value_kv", undefined, DIFFERS.body));
  if (isObject(a.region_data) || str(a.regional_data))
    out.push(setting(isObject(a.region_data) ? "region_data" : "regional_data", undefined, DIFFERS.regions));
  if (Array.isArray(a.maintenance_window_ids) && a.maintenance_window_ids.length)
    out.push(
      setting(
        "maintenance_window_ids",
        a.maintenance_window_ids,
        "recurring maintenance windows have no equivalent: checks run through them here",
      ),
    );
  const caseType = str(a.keyword_case_type);
  if (keyword && caseType && caseType.toLowerCase() !== "casesensitive")
    out.push(
      setting(
        "keyword_case_type",
        caseType,
        "the service matches the keyword case-sensitively, so a change of case alone changes the outcome",
      ),
    );
  const config = isObject(a.config) ? a.config : {};
  if (str(config.ip_version)) out.push(setting("config.ip_version", config.ip_version, DIFFERS.ipVersion));
  if (isObject(config.api_assertions) && Object.keys(config.api_assertions).length)
    out.push(
      setting(
        "config.api_assertions",
        undefined,
        "checks of a JSON answer's values; the service checks availability or a text",
      ),
    );
  const retries = num(config.application_error_retries);
  if (retries) out.push(setting("config.application_error_retries", retries, DIFFERS.retries));
  for (const { c, as } of contacts) {
    if (as.threshold)
      out.push(
        setting(
          `${as.field}.threshold`,
          as.threshold,
          `${c.kind} contact ${JSON.stringify(c.name)} is alerted only after that many minutes down; the service alerts at once`,
        ),
      );
    if (as.recurrence)
      out.push(
        setting(
          `${as.field}.recurrence`,
          as.recurrence,
          `${c.kind} contact ${JSON.stringify(c.name)} is alerted again every that many minutes while down; ${DIFFERS.resend}`,
        ),
      );
  }
  return out;
}

function monitor(r: TfResource, contacts: Map<string, SourceContact>, file: string): SourceMonitor {
  const a = r.attrs;
  const type = (str(a.type) ?? "").toLowerCase();
  const keywordType = (str(a.keyword_type) ?? "").toLowerCase();
  const assignments = assigned(a, file, r.ref).map((as) => ({
    as,
    c: contacts.get(as.id) ?? { kind: "unknown", name: `alert contact ${as.id} (not in this state)` },
  }));
  const scheme = (str(a.auth_type) ?? str(a.http_auth_type) ?? "basic").toLowerCase().replace(/^http_/, "");
  const username = str(a.http_username);
  const sslDays =
    isObject(a.config) && Array.isArray(a.config.ssl_expiration_period_days)
      ? (a.config.ssl_expiration_period_days as unknown[]).map(num).filter((n): n is number => n !== undefined)
      : [];
  return {
    ref: `${r.ref} (${r.address})`,
    vendor: VENDOR,
    kind: type || "unknown",
    http: type === "http" || type === "keyword",
    name: str(a.friendly_name) ?? str(a.name) ?? r.address,
    url: str(a.url),
    intervalSeconds: num(a.interval) ?? DEFAULT_INTERVAL,
    keyword:
      type === "keyword" && str(a.keyword_value)
        ? {
            text: str(a.keyword_value)!,
            // "exists" / ALERT_EXISTS alert when the keyword is found.
            alertWhen: keywordType.includes("not") ? "absent" : "present",
          }
        : undefined,
    method: str(a.http_method_type) ?? str(a.http_method),
    headers: headers(a),
    auth: username && scheme !== "none" ? { scheme, username, password: str(a.http_password) } : undefined,
    paused: bool(a.is_paused) || str(a.status)?.toLowerCase() === "paused",
    sslExpiryDays: bool(a.ssl_expiration_reminder)
      ? sslDays.length
        ? {
            days: Math.max(...sslDays),
            why: sslDays.length > 1 ? `reminders at ${sslDays.join(", ")} days` : undefined,
          }
        : { days: REMINDER_DAYS, why: "UptimeRobot's reminder days are not in the state" }
      : undefined,
    domainExpiryDays: bool(a.domain_expiration_reminder)
      ? { days: REMINDER_DAYS, why: "UptimeRobot's reminder days are not in the state" }
      : undefined,
    contacts: assignments.map((x) => x.c),
    dropped: [
      ...differences(a, type === "keyword", assignments),
      ...unclassified(a, UPTIMEROBOT_MONITOR_FIELDS, VENDOR),
    ],
  };
}

/** The UptimeRobot resources of a state. */
export function readUptimeRobot(resources: TfResource[], file: string): SourceRead {
  const contacts = contactsById(resources);
  const out: SourceRead = { monitors: [], others: [] };
  for (const r of resources) {
    if (r.type === "uptimerobot_monitor") out.monitors.push(monitor(r, contacts, file));
    else if (r.type === "uptimerobot_maintenance_window")
      out.others.push(
        otherOf(
          r,
          VENDOR,
          "maintenance window",
          str(r.attrs.friendly_name) ?? str(r.attrs.name),
          "recurring maintenance windows have no equivalent: a monitor here has one dated window (maintenanceStartAt/maintenanceEndAt)",
        ),
      );
    else if (r.type === "uptimerobot_status_page" || r.type === "uptimerobot_psp")
      out.others.push(
        otherOf(r, VENDOR, "status page", str(r.attrs.friendly_name) ?? str(r.attrs.name), NO_STATUS_PAGES),
      );
  }
  return out;
}
