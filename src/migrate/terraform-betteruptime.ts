/**
 * Better Stack's provider (BetterStackHQ/better-uptime) in a Terraform state:
 * `betteruptime_monitor`, and the kinds the service has no resource for (heartbeats,
 * escalation policies, status pages, monitor groups). A Better Stack monitor alerts the
 * team on call through flags (`email`, `sms`, `call`, `push`) and escalation policies,
 * not through addresses: the state holds no address to carry, which the report says.
 */
import { isObject, num, bool, str, type SourceMonitor, type SourceRead } from "./source";
import { otherOf, type TfResource } from "./terraform-resource";
import { NO_STATUS_PAGES } from "./contacts";

const VENDOR = "Better Stack";
/** Better Stack's check frequency when none is set. */
const DEFAULT_INTERVAL = 180;
/** Monitor types that check an HTTP(S) URL. */
const HTTP_TYPES = ["status", "expected_status_code", "keyword", "keyword_absence"];

/** Other resources, by type, with what they are and why they are not carried. */
const OTHERS: Record<string, { kind: string; why: string }> = {
  betteruptime_policy: {
    kind: "escalation policy",
    why: "escalation policies have no equivalent: alerts here go straight to each monitor's channels",
  },
  betteruptime_status_page: { kind: "status page", why: NO_STATUS_PAGES },
  betteruptime_monitor_group: { kind: "monitor group", why: "the service has no monitor groups" },
};

function monitor(r: TfResource): SourceMonitor {
  const a = r.attrs;
  const type = (str(a.monitor_type) ?? "").toLowerCase();
  const dropped: string[] = [];
  if (Array.isArray(a.expected_status_codes) && a.expected_status_codes.length)
    dropped.push("expected HTTP status codes");
  if (str(a.request_body)) dropped.push("request body");
  if (Array.isArray(a.regions) && a.regions.length) dropped.push("monitoring regions");
  if (str(a.policy_id)) dropped.push("escalation policy");
  if (Array.isArray(a.maintenance_days) && a.maintenance_days.length)
    dropped.push("recurring daily maintenance window");
  if (num(a.request_timeout) !== undefined) dropped.push("request timeout");
  if (num(a.confirmation_period)) dropped.push("confirmation period");
  const flags = ["email", "sms", "call", "push", "critical_alert"].filter((f) => bool(a[f]));
  if (flags.length) dropped.push(`team notifications by ${flags.join(", ")} (the state names no address)`);
  const headers = Array.isArray(a.request_headers)
    ? a.request_headers.flatMap((h: unknown) =>
        isObject(h) && str(h.name) ? [{ key: str(h.name)!, value: String(h.value ?? "") }] : [],
      )
    : [];
  const username = str(a.auth_username);
  const ssl = num(a.ssl_expiration);
  const domain = num(a.domain_expiration);
  return {
    ref: `${r.ref} (${r.address})`,
    vendor: VENDOR,
    kind: type || "unknown",
    http: HTTP_TYPES.includes(type),
    name: str(a.pronounceable_name) ?? str(a.url) ?? r.address,
    url: str(a.url),
    intervalSeconds: num(a.check_frequency) ?? DEFAULT_INTERVAL,
    keyword:
      (type === "keyword" || type === "keyword_absence") && str(a.required_keyword)
        ? {
            text: str(a.required_keyword)!,
            // `keyword` opens an incident when the keyword is missing; `keyword_absence` when it is there.
            alertWhen: type === "keyword" ? "absent" : "present",
          }
        : undefined,
    method: str(a.http_method)?.toUpperCase(),
    headers,
    auth: username ? { scheme: "basic", username, password: str(a.auth_password) } : undefined,
    paused: bool(a.paused),
    sslExpiryDays: ssl !== undefined && ssl > 0 ? { days: ssl } : undefined,
    domainExpiryDays: domain !== undefined && domain > 0 ? { days: domain } : undefined,
    contacts: [],
    dropped,
  };
}

/** The Better Stack resources of a state. */
export function readBetterUptime(resources: TfResource[]): SourceRead {
  const out: SourceRead = { monitors: [], others: [] };
  for (const r of resources) {
    if (r.type === "betteruptime_monitor") out.monitors.push(monitor(r));
    // A heartbeat is a monitor that waits for pings: listed with the monitors, as not mapped.
    if (r.type === "betteruptime_heartbeat")
      out.monitors.push({
        ...monitor({ ...r, attrs: { ...r.attrs, monitor_type: "heartbeat" } }),
        name: str(r.attrs.name) ?? r.address,
      });
    const other = OTHERS[r.type];
    if (other)
      out.others.push(otherOf(r, VENDOR, other.kind, str(r.attrs.name) ?? str(r.attrs.company_name), other.why));
  }
  return out;
}
