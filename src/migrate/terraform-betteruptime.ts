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
import { alike, approximated, DIFFERS, ignored, mapped, setting, SHARED_RULES, unclassified } from "./field-tables";

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

/** The ways a monitor alerts the team on call. */
const TEAM_FLAGS = ["email", "sms", "call", "push", "critical_alert"];
const TEAM_FLAG = "approximated when true: alerts the team on call that way; the state names no address to carry";
const MAINTENANCE = "a daily maintenance window has no equivalent: checks run through it here";
const NOT_MAPPED_KINDS = "monitors of kinds that are not mapped only";
const NEUTRAL_STATE = "Better Stack's record of the monitor: does not change the check";

/** `betteruptime_monitor`'s fields (BetterStackHQ/better-uptime), with what each becomes. */
export const BETTERSTACK_MONITOR_FIELDS = {
  id: ignored("Better Stack's id; the service assigns its own"),
  team_name: ignored("the Better Stack team that owns it: does not change the check"),
  url: SHARED_RULES.url,
  monitor_type: mapped(
    "`status`, `expected_status_code`, `keyword`, `keyword_absence` are mapped; the other kinds are not",
  ),
  pronounceable_name: mapped("`name` (the URL when it has none)"),
  check_frequency: SHARED_RULES.interval,
  required_keyword: mapped("`alertTextLookup`"),
  expected_status_codes: approximated(
    `for \`expected_status_code\` monitors: ${DIFFERS.statusCodes}; other kinds do not use it`,
  ),
  http_method: SHARED_RULES.method,
  request_headers: SHARED_RULES.headers,
  "request_headers.name": mapped("the header's name"),
  "request_headers.value": mapped("the header's value, from secret config"),
  "request_headers.id": ignored("Better Stack's id of the header"),
  auth_username: SHARED_RULES.username,
  auth_password: SHARED_RULES.password,
  request_body: SHARED_RULES.body,
  request_timeout: approximated(DIFFERS.timeout),
  follow_redirects: SHARED_RULES.redirectsOff,
  remember_cookies: approximated(
    "true is approximated: cookies are kept across redirects there; the service does not say it keeps them",
  ),
  verify_ssl: SHARED_RULES.tlsOff,
  ip_version: SHARED_RULES.ipVersion,
  regions: SHARED_RULES.regions,
  confirmation_period: approximated(`when above 0: ${DIFFERS.confirmation}`),
  recovery_period: approximated(`when above 0: ${DIFFERS.recovery}`),
  paused: SHARED_RULES.paused,
  ssl_expiration: mapped("`sslAlertDays`, the nearest allowed value"),
  domain_expiration: mapped("`domainAlertDays`, the nearest allowed value"),
  ...alike(TEAM_FLAGS, approximated(TEAM_FLAG)),
  team_wait: approximated(
    "when set: the alert escalates to the whole team after that many seconds; the service has no escalation",
  ),
  policy_id: approximated("escalation policies have no equivalent"),
  expiration_policy_id: approximated(
    "expiry alerts go by an escalation policy there; here they go to the monitor's alerts",
  ),
  ...alike(["maintenance_from", "maintenance_to", "maintenance_days"], approximated(MAINTENANCE)),
  maintenance_timezone: ignored("the time zone of the daily window: neutral without one"),
  monitor_group_id: ignored("a group in Better Stack's dashboard: does not change the check"),
  ...alike(["port", "playwright_script", "scenario_name"], ignored(NOT_MAPPED_KINDS)),
  ...alike(["paused_at", "last_checked_at", "status", "created_at", "updated_at"], ignored(NEUTRAL_STATE)),
};

/** The settings a monitor sets that change what its check does here, each named with its value. */
function differences(a: Record<string, unknown>, type: string): string[] {
  const out: string[] = [];
  if (type === "expected_status_code" && Array.isArray(a.expected_status_codes) && a.expected_status_codes.length)
    out.push(setting("expected_status_codes", a.expected_status_codes, DIFFERS.statusCodes));
  if (str(a.request_body)) out.push(setting("request_body", undefined, DIFFERS.body));
  if (num(a.request_timeout) !== undefined)
    out.push(setting("request_timeout", num(a.request_timeout), DIFFERS.timeout));
  if (a.follow_redirects === false) out.push(setting("follow_redirects", false, DIFFERS.redirectsOff));
  if (a.remember_cookies === true)
    out.push(
      setting(
        "remember_cookies",
        true,
        "cookies are kept across redirects there; the service does not say it keeps them",
      ),
    );
  if (a.verify_ssl === false) out.push(setting("verify_ssl", false, DIFFERS.tlsSkipped));
  if (str(a.ip_version)) out.push(setting("ip_version", a.ip_version, DIFFERS.ipVersion));
  if (Array.isArray(a.regions) && a.regions.length) out.push(setting("regions", a.regions, DIFFERS.regions));
  for (const [field, what] of [
    ["confirmation_period", DIFFERS.confirmation],
    ["recovery_period", DIFFERS.recovery],
    ["team_wait", "the alert escalates to the whole team after that many seconds; the service has no escalation"],
  ] as const)
    if (num(a[field])) out.push(setting(field, num(a[field]), what));
  if (str(a.policy_id)) out.push(setting("policy_id", a.policy_id, "escalation policies have no equivalent"));
  if (str(a.expiration_policy_id))
    out.push(
      setting(
        "expiration_policy_id",
        a.expiration_policy_id,
        "expiry alerts go by an escalation policy there; here they go to the monitor's alerts",
      ),
    );
  if (Array.isArray(a.maintenance_days) && a.maintenance_days.length)
    out.push(setting("maintenance_days", a.maintenance_days, MAINTENANCE));
  else if (str(a.maintenance_from) || str(a.maintenance_to))
    out.push(setting("maintenance_from", a.maintenance_from ?? null, MAINTENANCE));
  for (const f of TEAM_FLAGS)
    if (bool(a[f]))
      out.push(setting(f, true, "alerts the team on call that way; the state names no address to carry: set `alerts`"));
  return out;
}

function monitor(r: TfResource): SourceMonitor {
  const a = r.attrs;
  const type = (str(a.monitor_type) ?? "").toLowerCase();
  const dropped = [...differences(a, type), ...unclassified(a, BETTERSTACK_MONITOR_FIELDS, VENDOR)];
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
        // Not mapped whatever it sets: its own fields are not the monitor's.
        dropped: [],
      });
    const other = OTHERS[r.type];
    if (other)
      out.others.push(otherOf(r, VENDOR, other.kind, str(r.attrs.name) ?? str(r.attrs.company_name), other.why));
  }
  return out;
}
