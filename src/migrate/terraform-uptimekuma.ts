/**
 * The Uptime Kuma provider (breml/uptimekuma) in a Terraform state: `uptimekuma_monitor_http`,
 * `uptimekuma_monitor_http_keyword`, every other `uptimekuma_monitor_*` kind (listed as not
 * mapped), the `uptimekuma_notification_*` channels the monitors name by id, and maintenance
 * windows and status pages.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { type FieldTable, ignored, SHARED_RULES } from "./field-tables";
import { KUMA_MAINTENANCE, kumaTable, KUMA_VENDOR, readKumaMonitor, type KumaNames } from "./kuma-fields";
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

/** The provider's names of Kuma's settings (`uptimekuma_monitor_http`, `_http_keyword`). */
const NAMES: KumaNames = {
  name: "name",
  url: "url",
  interval: "interval",
  keyword: "keyword",
  invertKeyword: "invert_keyword",
  method: "method",
  headers: "headers",
  username: "basic_auth_user",
  password: "basic_auth_pass",
  authMethod: "auth_method",
  active: "active",
  expiryNotification: "expiry_notification",
  upsideDown: "upside_down",
  acceptedStatusCodes: "accepted_status_codes",
  body: "body",
  ignoreTls: "ignore_tls",
  maxRetries: "max_retries",
  retryInterval: "retry_interval",
  resendInterval: "resend_interval",
  timeout: "timeout",
  maxRedirects: "max_redirects",
  proxyId: "proxy_id",
  notifications: "notification_ids",
};

/** The fields of breml/uptimekuma's `uptimekuma_monitor_http` and `uptimekuma_monitor_http_keyword`. */
export const UPTIMEKUMA_MONITOR_FIELDS: FieldTable = kumaTable(
  NAMES,
  ["auth_domain", "auth_workstation", "tls_cert", "tls_key", "tls_ca"],
  {
    id: ignored("Kuma's id; the service assigns its own"),
    description: SHARED_RULES.description,
    parent: ignored("the group in Kuma's dashboard: does not change the check"),
    http_body_encoding: SHARED_RULES.bodyEncoding,
  },
);

function monitor(r: TfResource, contacts: Map<string, SourceContact>): SourceMonitor {
  const kind = r.type.slice(MONITOR.length);
  return readKumaMonitor(r.attrs, {
    names: NAMES,
    table: UPTIMEKUMA_MONITOR_FIELDS,
    ref: `${r.ref} (${r.address})`,
    kind: kind === "http_keyword" ? "keyword" : kind,
    fallbackName: r.address,
    notificationIds: Array.isArray(r.attrs.notification_ids) ? r.attrs.notification_ids.map((v) => String(v)) : [],
    contacts,
    holder: "state",
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
