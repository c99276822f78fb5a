/** What Uptime Kuma's Terraform resources and its backup file share: the reading of a monitor, headers as JSON text, and settings with no equivalent. */
import {
  alike,
  approximated,
  DIFFERS,
  type FieldRule,
  type FieldTable,
  mapped,
  setting,
  SHARED_RULES,
  unclassified,
} from "./field-tables";
import { bool, isObject, num, str, type SourceContact, type SourceMonitor } from "./source";

/** Request headers from Kuma's `headers`, a JSON object in a string; `unreadable` when it is text but not that. */
function kumaHeaders(text: unknown): { headers: { key: string; value: string }[]; unreadable: boolean } {
  if (typeof text !== "string" || text.trim() === "") return { headers: [], unreadable: false };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed))
      return {
        headers: Object.entries(parsed).map(([key, value]) => ({ key, value: String(value) })),
        unreadable: false,
      };
  } catch {
    // reported below
  }
  return { headers: [], unreadable: true };
}

/** Kuma's own defaults: values that are the vendor's choice, not the user's, where the service has its own. */
const KUMA_MAX_REDIRECTS = 10;
/** Kuma times a check out at 80% of its interval unless `timeout` says otherwise. */
const KUMA_TIMEOUT_SHARE = 0.8;

/** Kuma settings a monitor sets that change what its check does here, each named (as the source names it) with its value. */
function kumaExtras(f: KumaMonitorFields, interval: number, unreadableHeaders: boolean): string[] {
  const n = f.names;
  const out: string[] = [];
  if (unreadableHeaders) out.push(setting(n.headers, undefined, "not a JSON object: no header carried"));
  const codes = Array.isArray(f.acceptedStatusCodes) ? f.acceptedStatusCodes.map(String) : [];
  if (codes.length && !(codes.length === 1 && codes[0] === "200-299"))
    out.push(setting(n.acceptedStatusCodes, codes, DIFFERS.statusCodes));
  if (str(f.body)) out.push(setting(n.body, undefined, DIFFERS.body));
  if (bool(f.ignoreTls)) out.push(setting(n.ignoreTls, true, DIFFERS.tlsSkipped));
  const redirects = num(f.maxRedirects);
  if (redirects === 0) out.push(setting(n.maxRedirects, 0, DIFFERS.redirectsOff));
  else if (redirects !== undefined && redirects !== KUMA_MAX_REDIRECTS)
    out.push(setting(n.maxRedirects, redirects, "the service follows redirects to its own limit, not that many"));
  const timeout = num(f.timeout);
  if (timeout && Math.abs(timeout - interval * KUMA_TIMEOUT_SHARE) >= 1)
    out.push(setting(n.timeout, timeout, DIFFERS.timeout));
  const retries = num(f.maxRetries);
  if (retries) {
    out.push(setting(n.maxRetries, retries, DIFFERS.retries));
    const retryInterval = num(f.retryInterval);
    if (retryInterval !== undefined && retryInterval !== interval)
      out.push(setting(n.retryInterval, retryInterval, "the retries' pace there; the service does not retry"));
  }
  const resend = num(f.resendInterval);
  if (resend)
    out.push(setting(n.resendInterval, resend, `alerts again every that many checks while down; ${DIFFERS.resend}`));
  if (str(f.proxyId))
    out.push(setting(n.proxyId, f.proxyId, "checks go through a proxy there; the service checks directly"));
  const scheme = str(f.authMethod)?.toLowerCase();
  if (scheme && scheme !== "basic" && !str(f.username))
    out.push(setting(n.authMethod, scheme, "not carried: the service sends basic auth only"));
  return out;
}

const AUTH_PART = "part of a non-basic `auth_method`, which is approximated (not carried)";

/** What each Kuma setting becomes, by the name `kumaMonitor` gives it; each reader names them as its source does. */
const KUMA_RULES = {
  name: mapped("`name`"),
  url: SHARED_RULES.url,
  interval: SHARED_RULES.interval,
  keyword: mapped("`alertTextLookup`; Kuma matches case-sensitively, as the service does"),
  invertKeyword: mapped("`alertCondition`: `url_text` when true, else `url_no_text`"),
  method: SHARED_RULES.method,
  headers: mapped("`requestHeaders` (JSON text), each value from secret config"),
  username: SHARED_RULES.username,
  password: SHARED_RULES.password,
  authMethod: mapped("basic is mapped; NTLM, mTLS and OAuth are approximated (not carried)"),
  active: mapped("`paused` when false"),
  expiryNotification: mapped("`sslAlertDays`: 14 (approximated: Kuma's reminder days are not in the input)"),
  upsideDown: { outcome: "not mapped", why: "true: alerts when the URL answers; the service has no such condition" },
  acceptedStatusCodes: approximated(
    `Kuma's default \`200-299\` is the service's rule (mapped); other codes are approximated: ${DIFFERS.statusCodes}`,
  ),
  body: SHARED_RULES.body,
  ignoreTls: SHARED_RULES.tlsIgnored,
  maxRedirects: approximated(
    `Kuma's default 10 is mapped (redirects followed); 0 is approximated (${DIFFERS.redirectsOff}); other limits are approximated`,
  ),
  timeout: approximated(
    `Kuma's default, 80% of the interval, is its own choice and mapped; another value is approximated: ${DIFFERS.timeout}`,
  ),
  maxRetries: approximated(`when above 0: ${DIFFERS.retries}`),
  retryInterval: approximated(
    "with retries on and another value than the interval: the retries' pace; neutral without retries",
  ),
  resendInterval: approximated(`when above 0: ${DIFFERS.resend}`),
  proxyId: approximated("checks go through a proxy there; the service checks directly"),
  notifications: mapped("`alerts` of the notifications' channels, each value from secret config"),
} as const satisfies Record<string, FieldRule>;

/** A Kuma setting, by the name `kumaMonitor` gives it. */
type KumaKey = keyof typeof KUMA_RULES;

/** The OAuth fields, which both Kuma sources name alike. */
const OAUTH_FIELDS = ["oauth_auth_method", "oauth_token_url", "oauth_client_id", "oauth_client_secret", "oauth_scopes"];

/**
 * A reader's table: each Kuma setting under the source's name, the fields of NTLM, mTLS
 * and OAuth authentication (given the source's names of the NTLM and mTLS ones), and the
 * source's own fields.
 */
export function kumaTable(names: KumaNames, ntlmAndTls: string[], own: FieldTable): FieldTable {
  return {
    ...Object.fromEntries((Object.keys(names) as KumaKey[]).map((k) => [names[k], KUMA_RULES[k]])),
    ...alike([...ntlmAndTls, ...OAUTH_FIELDS], approximated(AUTH_PART)),
    ...own,
  };
}

/** Why a Kuma monitor in upside-down mode is not mapped. */
const UPSIDE_DOWN = "upside-down mode alerts when the URL answers; the service has no such condition";

/** Why Kuma maintenance is not carried. */
export const KUMA_MAINTENANCE =
  "Kuma maintenance (recurring or manual) has no equivalent: a monitor here has one dated window";

/** The vendor, as the report names it. */
export const KUMA_VENDOR = "Uptime Kuma";

/** Kuma's interval when a monitor sets none. */
const DEFAULT_INTERVAL = 60;

/** A Kuma monitor's settings under one set of names: the backup's and the Terraform provider's differ. */
interface KumaMonitorFields extends Record<KumaKey, unknown> {
  ref: string;
  /** The kind, `keyword` for a keyword check (the backup's `keyword`, Terraform's `http_keyword`). */
  kind: string;
  fallbackName: string;
  contacts: SourceContact[];
  /** How the source names the settings the report may name. */
  names: KumaNames;
  /** Report lines for the fields no table names. */
  unclassified: string[];
}

/** Where a Kuma monitor was read, and what its source says around it. */
interface KumaSource {
  /** How the source names Kuma's settings, and its table of every field. */
  names: KumaNames;
  table: FieldTable;
  ref: string;
  /** The kind, `keyword` for a keyword check. */
  kind: string;
  fallbackName: string;
  /** The ids of the notifications the monitor alerts, and the source's notifications by id. */
  notificationIds: string[];
  contacts: Map<string, SourceContact>;
  /** What the source is, for a notification it does not hold: `backup`, `state`. */
  holder: string;
}

/** A Kuma monitor, its settings read by the source's names; the other kinds' fields are theirs, so not reported. */
export function readKumaMonitor(attrs: Record<string, unknown>, s: KumaSource): SourceMonitor {
  const values = Object.fromEntries((Object.keys(s.names) as KumaKey[]).map((k) => [k, attrs[s.names[k]]]));
  return kumaMonitor({
    ...(values as Record<KumaKey, unknown>),
    ref: s.ref,
    kind: s.kind,
    fallbackName: s.fallbackName,
    names: s.names,
    unclassified: s.kind === "http" || s.kind === "keyword" ? unclassified(attrs, s.table, KUMA_VENDOR) : [],
    contacts: s.notificationIds.map(
      (id) => s.contacts.get(id) ?? { kind: "unknown", name: `notification ${id} (not in this ${s.holder})` },
    ),
  });
}

/** The source's names of Kuma's settings. */
export type KumaNames = Record<KumaKey, string>;

/** A Kuma monitor as the mapping reads every vendor's. */
function kumaMonitor(f: KumaMonitorFields): SourceMonitor {
  const username = str(f.username);
  const headers = kumaHeaders(f.headers);
  const interval = num(f.interval) ?? DEFAULT_INTERVAL;
  return {
    ref: f.ref,
    vendor: KUMA_VENDOR,
    kind: f.kind,
    http: f.kind === "http" || f.kind === "keyword",
    name: str(f.name) ?? f.fallbackName,
    url: str(f.url),
    intervalSeconds: interval,
    keyword:
      f.kind === "keyword" && str(f.keyword)
        ? { text: str(f.keyword)!, alertWhen: bool(f.invertKeyword) ? "present" : "absent" }
        : undefined,
    method: str(f.method)?.toUpperCase(),
    headers: headers.headers,
    auth: username
      ? { scheme: (str(f.authMethod) ?? "basic").toLowerCase(), username, password: str(f.password) }
      : undefined,
    paused: f.active !== undefined && f.active !== null && !bool(f.active),
    sslExpiryDays: bool(f.expiryNotification)
      ? { days: 14, why: "Uptime Kuma reminds at 7, 14 and 21 days by default" }
      : undefined,
    contacts: f.contacts,
    blocker: bool(f.upsideDown) ? UPSIDE_DOWN : undefined,
    dropped: [...kumaExtras(f, interval, headers.unreadable), ...f.unclassified],
  };
}
