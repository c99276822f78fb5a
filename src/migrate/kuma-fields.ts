/** What Uptime Kuma's Terraform resources and its backup file share: headers as JSON text, and settings with no equivalent. */
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

/** Kuma settings a monitor sets that the service has no equivalent for, for the report. */
function kumaExtras(m: {
  unreadableHeaders: boolean;
  acceptedStatusCodes: unknown;
  body?: string;
  ignoreTls: boolean;
  maxRetries?: number;
}): string[] {
  const out: string[] = [];
  if (m.unreadableHeaders) out.push("request headers (not a JSON object)");
  const codes = Array.isArray(m.acceptedStatusCodes) ? m.acceptedStatusCodes.map(String) : [];
  if (codes.length && !(codes.length === 1 && codes[0] === "200-299")) out.push("accepted status codes");
  if (m.body) out.push("request body");
  if (m.ignoreTls) out.push("ignore TLS errors");
  if (m.maxRetries) out.push("retries before alerting");
  return out;
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
interface KumaMonitorFields {
  ref: string;
  /** The kind, `keyword` for a keyword check (the backup's `keyword`, Terraform's `http_keyword`). */
  kind: string;
  name: unknown;
  fallbackName: string;
  url: unknown;
  interval: unknown;
  keyword: unknown;
  invertKeyword: unknown;
  method: unknown;
  headers: unknown;
  username: unknown;
  authMethod: unknown;
  password: unknown;
  active: unknown;
  expiryNotification: unknown;
  upsideDown: unknown;
  acceptedStatusCodes: unknown;
  body: unknown;
  ignoreTls: unknown;
  maxRetries: unknown;
  contacts: SourceContact[];
}

/** A Kuma monitor as the mapping reads every vendor's. */
export function kumaMonitor(f: KumaMonitorFields): SourceMonitor {
  const username = str(f.username);
  const headers = kumaHeaders(f.headers);
  return {
    ref: f.ref,
    vendor: KUMA_VENDOR,
    kind: f.kind,
    http: f.kind === "http" || f.kind === "keyword",
    name: str(f.name) ?? f.fallbackName,
    url: str(f.url),
    intervalSeconds: num(f.interval) ?? DEFAULT_INTERVAL,
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
    dropped: kumaExtras({
      unreadableHeaders: headers.unreadable,
      acceptedStatusCodes: f.acceptedStatusCodes,
      body: str(f.body),
      ignoreTls: bool(f.ignoreTls),
      maxRetries: num(f.maxRetries),
    }),
  };
}
