/**
 * The Uptime Kuma provider (breml/uptimekuma) in a Terraform state: `uptimekuma_monitor_http`,
 * `uptimekuma_monitor_http_keyword`, every other `uptimekuma_monitor_*` kind (listed as not
 * mapped), the `uptimekuma_notification_*` channels the monitors name by id, and maintenance
 * windows and status pages.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { KUMA_MAINTENANCE, kumaExtras, kumaHeaders, UPSIDE_DOWN } from "./kuma-fields";
import { bool, num, str, type SourceContact, type SourceMonitor, type SourceRead } from "./source";
import { otherOf, type TfResource } from "./terraform-resource";

const VENDOR = "Uptime Kuma";
/** Kuma's interval when none is set. */
const DEFAULT_INTERVAL = 60;
const MONITOR = "uptimekuma_monitor_";
const NOTIFICATION = "uptimekuma_notification_";

/** A notification resource as a contact: the value from the field its kind keeps it in. */
function contact(r: TfResource): SourceContact {
  const a = r.attrs;
  const kind = r.type.slice(NOTIFICATION.length) || str(a.type) || "unknown";
  const value =
    channelOf(kind) === "telegram"
      ? telegramValue(str(a.bot_token), str(a.chat_id))
      : channelOf(kind) === "email"
        ? str(a.to)
        : str(a.webhook_url);
  return { kind, name: str(a.name) ?? r.address, value };
}

function monitor(r: TfResource, contacts: Map<string, SourceContact>): SourceMonitor {
  const a = r.attrs;
  const kind = r.type.slice(MONITOR.length);
  const ids = Array.isArray(a.notification_ids) ? a.notification_ids.map((v) => String(v)) : [];
  const username = str(a.basic_auth_user);
  const ssl = bool(a.expiry_notification);
  return {
    ref: `${r.ref} (${r.address})`,
    vendor: VENDOR,
    kind: kind === "http_keyword" ? "keyword" : kind,
    http: kind === "http" || kind === "http_keyword",
    name: str(a.name) ?? r.address,
    url: str(a.url),
    intervalSeconds: num(a.interval) ?? DEFAULT_INTERVAL,
    keyword:
      kind === "http_keyword" && str(a.keyword)
        ? { text: str(a.keyword)!, alertWhen: bool(a.invert_keyword) ? "present" : "absent" }
        : undefined,
    method: str(a.method)?.toUpperCase(),
    headers: kumaHeaders(a.headers).headers,
    auth: username
      ? { scheme: (str(a.auth_method) ?? "basic").toLowerCase(), username, password: str(a.basic_auth_pass) }
      : undefined,
    paused: a.active !== undefined && a.active !== null && !bool(a.active),
    sslExpiryDays: ssl ? { days: 14, why: "Uptime Kuma reminds at 7, 14 and 21 days by default" } : undefined,
    contacts: ids.map((id) => contacts.get(id) ?? { kind: "unknown", name: `notification ${id} (not in this state)` }),
    blocker: bool(a.upside_down) ? UPSIDE_DOWN : undefined,
    dropped: kumaExtras({
      unreadableHeaders: kumaHeaders(a.headers).unreadable,
      acceptedStatusCodes: a.accepted_status_codes,
      body: str(a.body),
      ignoreTls: bool(a.ignore_tls),
      maxRetries: num(a.max_retries),
    }),
  };
}

/** The Uptime Kuma resources of a state. */
export function readUptimeKuma(resources: TfResource[]): SourceRead {
  const contacts = new Map<string, SourceContact>();
  for (const r of resources)
    if (r.type.startsWith(NOTIFICATION) && str(r.attrs.id)) contacts.set(str(r.attrs.id)!, contact(r));
  const out: SourceRead = { monitors: [], others: [] };
  for (const r of resources) {
    if (r.type.startsWith(MONITOR)) out.monitors.push(monitor(r, contacts));
    else if (r.type === "uptimekuma_maintenance")
      out.others.push(otherOf(r, VENDOR, "maintenance window", str(r.attrs.title), KUMA_MAINTENANCE));
    else if (r.type === "uptimekuma_status_page")
      out.others.push(otherOf(r, VENDOR, "status page", str(r.attrs.title) ?? str(r.attrs.slug), NO_STATUS_PAGES));
  }
  return out;
}
