/**
 * The verdict on one declared monitor, as the service would reach it if it checked the
 * monitor now: `skipped` (paused, inside its maintenance window, or a field the check
 * needs is not known here), else the check's `alert` (down by the alert condition, or
 * the certificate ends within `sslAlertDays`) or `pass`. The domain's expiry is not
 * checked here, and the reason says so when `domainAlertDays` asks for it (domain-note.ts).
 */
import { probe, type ProbeSettings } from "../probe/probe";
import type { ProbeTarget } from "../probe/probe-target";
import { localDateTimeToEpoch } from "../util/time";
import { certificateAlert } from "./certificate-alert";
import { displayName, type DeclaredMonitor } from "./declared-monitor";
import { domainNotChecked } from "./domain-note";

export type Outcome = "pass" | "alert" | "skipped";

/** What `test` reports of one monitor. Nothing secret: `url` and `reason` are redacted. */
export interface Verdict {
  name: string;
  url: string;
  outcome: Outcome;
  reason: string;
}

interface VerdictOptions {
  settings: ProbeSettings;
  /** Epoch ms; default now. */
  now?: number;
  /** The account's IANA time zone, for the maintenance window. Default UTC. */
  timeZone?: string;
  /** Rewrites the monitor's URL (`--base-url`); default as is. */
  rewriteUrl?: (url: string) => string;
  signal?: AbortSignal;
}

/** The argument names a check reads. */
const CHECK_FIELDS = [
  "url",
  "requestMethod",
  "requestHeaders",
  "requestAuthUsername",
  "requestAuthPassword",
  "cacheBuster",
  "alertCondition",
  "alertTextLookup",
  "sslAlertDays",
  "paused",
  "maintenanceStartAt",
  "maintenanceEndAt",
];

const SECRET_MASK = "[secret]";

/**
 * What replaces every secret of a monitor in a text by `[secret]`, the longest first; as
 * is when the monitor has none (most do not: it runs for each text of each verdict).
 */
function secretMasker(secrets: readonly string[]): (text: string) => string {
  const found = [...new Set(secrets)].filter((v) => v.length > 0).sort((a, b) => b.length - a.length);
  if (!found.length) return (text) => text;
  return (text) => found.reduce((out, s) => out.split(s).join(SECRET_MASK), text);
}

/**
 * The URL as it may be shown: without a password in it, secrets masked.
 */
function shownUrl(url: string, mask: (text: string) => string): string {
  let text = url;
  // A password sits before an `@`: without one there is none to take out.
  if (url.includes("@")) {
    try {
      const u = new URL(url);
      if (u.password) {
        u.password = "";
        text = u.toString();
      }
    } catch {
      // Not a URL: shown as written, secrets masked.
    }
  }
  return mask(text);
}

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

/** The probe target of a declared monitor, defaults as the service fills them. */
function declaredTarget(args: Record<string, unknown>, url: string): ProbeTarget {
  const headers = Array.isArray(args.requestHeaders)
    ? (args.requestHeaders as { key?: unknown; value?: unknown }[])
        .filter((h) => h && typeof h.key === "string")
        .map((h) => ({ key: String(h.key), value: typeof h.value === "string" ? h.value : String(h.value ?? "") }))
    : [];
  const username = str(args.requestAuthUsername);
  const password = str(args.requestAuthPassword);
  return {
    url,
    method: str(args.requestMethod)?.toUpperCase() ?? "GET",
    headers,
    username: username !== null && password !== null ? username : null,
    password: username !== null && password !== null ? password : null,
    cacheBuster: args.cacheBuster === 1 || args.cacheBuster === true,
    condition: str(args.alertCondition) ?? "url_unavailable",
    lookup: str(args.alertTextLookup),
  };
}

/** Checks `m` once (unless the service would not) and says what the service would report. */
export async function verdictOf(m: DeclaredMonitor, options: VerdictOptions): Promise<Verdict> {
  const mask = secretMasker(m.secrets);
  const name = mask(displayName(m));
  const rawUrl = typeof m.args.url === "string" && !("url" in m.unknown) ? m.args.url : undefined;
  const url = rawUrl === undefined ? "" : (options.rewriteUrl ?? ((u: string) => u))(rawUrl);
  const out = (outcome: Outcome, reason: string): Verdict => ({
    name,
    url: shownUrl(url, mask),
    outcome,
    reason: mask(reason),
  });

  const missing = CHECK_FIELDS.filter((f) => f in m.unknown);
  if (missing.length) {
    return out("skipped", missing.map((f) => `${f}: ${m.unknown[f]}`).join("; "));
  }
  if (m.args.paused === true) return out("skipped", "paused: the service does not check a paused monitor");
  const now = options.now ?? Date.now();
  const start = str(m.args.maintenanceStartAt);
  const end = str(m.args.maintenanceEndAt);
  if (start && end) {
    const zone = options.timeZone ?? "UTC";
    if (now >= localDateTimeToEpoch(start, zone) && now < localDateTimeToEpoch(end, zone)) {
      return out("skipped", `in its maintenance window (${start} to ${end}, ${zone}): the service does not check it`);
    }
  }
  if (!url) return out("skipped", "url: not set");
  if (!URL.canParse(url)) return out("alert", "the URL is not a valid URL");
  const target: ProbeTarget = declaredTarget(m.args, url);
  const result = await probe(target, options.settings, options.signal);
  // What the check could not look at is said after its verdict, whatever that is.
  const note = domainNotChecked(m.args.domainAlertDays);
  const checked = (outcome: Outcome, reason: string) => out(outcome, note ? `${reason}; ${note}` : reason);
  if (!result.up) return checked("alert", result.result);
  const sslDays = typeof m.args.sslAlertDays === "number" ? m.args.sslAlertDays : null;
  const cert = certificateAlert(result.sslEndsAt, sslDays, now);
  if (cert) return checked("alert", cert);
  return checked("pass", result.result);
}
