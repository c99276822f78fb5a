/**
 * The Uptime Kuma provider (breml/uptimekuma) in a Terraform state: `uptimekuma_monitor_http`,
 * `uptimekuma_monitor_http_keyword`, every other `uptimekuma_monitor_*` kind (listed as not
 * mapped), the `uptimekuma_notification_*` channels the monitors name by id, and maintenance
 * windows and status pages.
 */
import { channelOf, NO_STATUS_PAGES, telegramValue } from "./contacts";
import { unclassified, type FieldTable } from "./field-tables";
import {
  KUMA_AUTH_PART,
  KUMA_MAINTENANCE,
  kumaMonitor,
  kumaTable,
  kumaValues,
  KUMA_VENDOR,
  type KumaNames,
} from "./kuma-fields";
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
export const UPTIMEKUMA_MONITOR_FIELDS: FieldTable = kumaTable(NAMES, {
  id: { outcome: "ignored", why: "Kuma's id; the service assigns its own" },
  description: { outcome: "ignored", why: "a note for people: does not change the check" },
  parent: { outcome: "ignored", why: "the group in Kuma's dashboard: does not change the check" },
  http_body_encoding: { outcome: "ignored", why: "the encoding of the request body: neutral without one" },
  auth_domain: KUMA_AUTH_PART,
  auth_workstation: KUMA_AUTH_PART,
  tls_cert: KUMA_AUTH_PART,
  tls_key: KUMA_AUTH_PART,
  tls_ca: KUMA_AUTH_PART,
  oauth_auth_method: KUMA_AUTH_PART,
  oauth_token_url: KUMA_AUTH_PART,
  oauth_client_id: KUMA_AUTH_PART,
  oauth_client_secret: KUMA_AUTH_PART,
  oauth_scopes: KUMA_AUTH_PART,
});

function monitor(r: TfResource, contacts: Map<string, SourceContact>): SourceMonitor {
  const a = r.attrs;
  const kind = r.type.slice(MONITOR.length);
  const http = kind === "http" || kind === "http_keyword";
  const ids = Array.isArray(a.notification_ids) ? a.notification_ids.map((v) => String(v)) : [];
  return kumaMonitor({
    ...kumaValues(a, NAMES),
    ref: `${r.ref} (${r.address})`,
    kind: kind === "http_keyword" ? "keyword" : kind,
    fallbackName: r.address,
    names: NAMES,
    // The other kinds are not mapped: their fields are theirs.
    unclassified: http ? unclassified(a, UPTIMEKUMA_MONITOR_FIELDS, KUMA_VENDOR) : [],
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
