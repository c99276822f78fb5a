/**
 * The Uptime Kuma provider (breml/uptimekuma) in a Terraform state: `uptimekuma_monitor_http`,
 * `uptimekuma_monitor_http_keyword`, every other `uptimekuma_monitor_*` kind (listed as not
 * mapped), the `uptimekuma_notification_*` channels the monitors name by id, and maintenance
 * windows and status pages.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { KUMA_MAINTENANCE, kumaMonitor, KUMA_VENDOR } from "./kuma-fields";
import { str, type SourceContact, type SourceMonitor, type SourceRead } from "./source";
import { otherOf, type TfResource } from "./terraform-resource";

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
  return kumaMonitor({
    ref: `${r.ref} (${r.address})`,
    kind: kind === "http_keyword" ? "keyword" : kind,
    name: a.name,
    fallbackName: r.address,
    url: a.url,
    interval: a.interval,
    keyword: a.keyword,
    invertKeyword: a.invert_keyword,
    method: a.method,
    headers: a.headers,
    username: a.basic_auth_user,
    authMethod: a.auth_method,
    password: a.basic_auth_pass,
    active: a.active,
    expiryNotification: a.expiry_notification,
    upsideDown: a.upside_down,
    acceptedStatusCodes: a.accepted_status_codes,
    body: a.body,
    ignoreTls: a.ignore_tls,
    maxRetries: a.max_retries,
    contacts: ids.map((id) => contacts.get(id) ?? { kind: "unknown", name: `notification ${id} (not in this state)` }),
  });
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
      out.others.push(otherOf(r, KUMA_VENDOR, "maintenance window", str(r.attrs.title), KUMA_MAINTENANCE));
    else if (r.type === "uptimekuma_status_page")
      out.others.push(otherOf(r, KUMA_VENDOR, "status page", str(r.attrs.title) ?? str(r.attrs.slug), NO_STATUS_PAGES));
  }
  return out;
}
