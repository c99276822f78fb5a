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

/** Assigned contact ids of a monitor, from either schema. */
function assignedIds(a: Record<string, unknown>, file: string, ref: string): string[] {
  const list = a.assigned_alert_contacts ?? a.alert_contact ?? [];
  if (!Array.isArray(list)) throw new MigrateInputError(file, `${ref}.alert_contact`, "expected a list of contacts");
  return list.flatMap((c: unknown) => {
    const id = isObject(c) ? (str(c.alert_contact_id) ?? str(c.id)) : str(c);
    return id ? [id] : [];
  });
}

function headers(a: Record<string, unknown>): { key: string; value: string }[] {
  const h = a.custom_http_headers;
  if (!isObject(h)) return [];
  return Object.entries(h).map(([key, value]) => ({ key, value: String(value) }));
}

function monitor(r: TfResource, contacts: Map<string, SourceContact>, file: string): SourceMonitor {
  const a = r.attrs;
  const type = (str(a.type) ?? "").toLowerCase();
  const keywordType = (str(a.keyword_type) ?? "").toLowerCase();
  const dropped: string[] = [];
  const contactList = assignedIds(a, file, r.ref).map(
    (id) => contacts.get(id) ?? { kind: "unknown", name: `alert contact ${id} (not in this state)` },
  );
  const scheme = (str(a.auth_type) ?? str(a.http_auth_type) ?? "basic").toLowerCase().replace(/^http_/, "");
  const username = str(a.http_username);
  const sslDays =
    isObject(a.config) && Array.isArray(a.config.ssl_expiration_period_days)
      ? (a.config.ssl_expiration_period_days as unknown[]).map(num).filter((n): n is number => n !== undefined)
      : [];
  if (Array.isArray(a.success_http_response_codes) && a.success_http_response_codes.length)
    dropped.push("expected HTTP status codes");
  if (a.timeout !== undefined && a.timeout !== null && num(a.timeout) !== 30) dropped.push("request timeout");
  if (str(a.post_value_data) || isObject(a.post_value_kv)) dropped.push("request body");
  if (isObject(a.region_data) || str(a.regional_data)) dropped.push("monitoring regions");
  if (Array.isArray(a.maintenance_window_ids) && a.maintenance_window_ids.length) dropped.push("maintenance windows");
  if (keywordType && str(a.keyword_case_type)?.toLowerCase() === "casesensitive")
    dropped.push("case-sensitive keyword match");
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
    contacts: contactList,
    dropped,
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
