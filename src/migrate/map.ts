/**
 * The mapping of vendor monitors onto the service's monitors, by the service's rules:
 * the allowed intervals and expiry lead times (src/schemas/values.ts), its HTTP methods,
 * alert channels and length limits. Each input monitor becomes one report entry, mapped,
 * approximated (saying what changed) or not mapped (saying why); the mapped ones go through
 * export's plan, so that resource names and secret config keys are the ones export writes.
 */
import type { Monitor } from "../schemas";
import { EXPIRY_ALERT_DAYS, INTERVALS, LIMITS, REQUEST_METHODS } from "../schemas/values";
import { isHttpUrl } from "../schemas/common";
import { planExport, type ExportPlan, type SecretPlaceholder } from "../export/plan";
import { channelOf } from "./contacts";
import type { SourceMonitor, SourceOther, SourceRead } from "./source";
import { nameKey } from "../util/monitor-names";

type Outcome = "mapped" | "approximated" | "not mapped";

/** One input item in the report. */
export interface ReportEntry {
  /** Where it is in the input. */
  source: string;
  vendor: string;
  kind: string;
  name: string;
  outcome: Outcome;
  /** The Pulumi resource name, for mapped and approximated monitors. */
  resourceName?: string;
  /** What changed, for approximated monitors. */
  changes: string[];
  /** Why, for items not mapped. */
  reason?: string;
}

/** A secret config key the program reads, as the report lists it (never its value). */
export interface ConfigKey {
  key: string;
  /** The `Monitor` argument it fills. */
  field: SecretPlaceholder["field"];
  /** For an alert: its channel (`slack`, `email`, ...). */
  channel?: string;
  /** What it holds and for which monitor. */
  description: string;
  /** True when the input held the value (copy it from the old vendor); false when it did not. */
  inInput: boolean;
}

/** The whole migration. */
export interface Migration {
  plan: ExportPlan;
  monitors: ReportEntry[];
  others: ReportEntry[];
  configKeys: ConfigKey[];
}

/**
 * The allowed value nearest to `value`; on a tie, `tie` picks (the shorter interval checks
 * more often; the longer lead time warns earlier).
 */
function nearest(value: number, allowed: readonly number[], tie: "lower" | "higher"): number {
  let best = allowed[0];
  for (const a of allowed) {
    const d = Math.abs(a - value);
    const bd = Math.abs(best - value);
    if (d < bd || (d === bd && (tie === "higher" ? a > best : a < best))) best = a;
  }
  return best;
}

/** Why a kind that does not check an HTTP(S) URL is not mapped. */
function kindReason(kind: string): string {
  if (kind === "ping") return "ping monitors check that a host answers ICMP; the service checks HTTP(S) URLs only";
  if (["port", "tcp", "udp", "smtp", "pop", "imap"].includes(kind) || kind.includes("port"))
    return "port monitors open a TCP or UDP connection; the service checks HTTP(S) URLs only";
  if (["heartbeat", "push"].includes(kind))
    return "heartbeat monitors wait for pings from a job; the service checks URLs, it is never pinged";
  if (kind === "dns") return "DNS monitors query records; the service checks HTTP(S) URLs only";
  return `${kind} monitors have no equivalent; the service checks HTTP(S) URLs only`;
}

interface Mapped {
  api: Monitor;
  paused: boolean;
  changes: string[];
  /** Placeholders whose value the input held, by field and key. */
  known: Set<string>;
}

/** One monitor against the rules: the API-shaped monitor export plans from, or why not. */
function mapOne(m: SourceMonitor, id: number): Mapped | { reason: string } {
  if (!m.http) return { reason: kindReason(m.kind) };
  if (m.blocker) return { reason: m.blocker };
  if (!m.url || !isHttpUrl(m.url)) return { reason: "its URL is not an http:// or https:// URL" };
  if (m.url.length > LIMITS.url) return { reason: `its URL is longer than ${LIMITS.url} characters` };
  if (m.keyword && m.keyword.text.length > LIMITS.alertTextLookup)
    return { reason: `its keyword is longer than ${LIMITS.alertTextLookup} characters` };
  const changes: string[] = [];
  const known = new Set<string>();

  let name = m.name.trim() || m.url;
  if (name.length > LIMITS.name) {
    name = name.slice(0, LIMITS.name);
    changes.push(`name cut to ${LIMITS.name} characters`);
  }
  const interval = nearest(m.intervalSeconds, INTERVALS, "lower");
  if (interval !== m.intervalSeconds)
    changes.push(`interval ${m.intervalSeconds} s → ${interval} s (allowed: ${INTERVALS.join(", ")})`);
  if (m.kind === "keyword" && !m.keyword) changes.push("keyword check without a keyword: checks availability only");

  let method = m.method ?? "GET";
  if (!(REQUEST_METHODS as readonly string[]).includes(method)) {
    changes.push(`method ${method} → GET (allowed: ${REQUEST_METHODS.join(", ")})`);
    method = "GET";
  }

  const headers = (m.headers ?? []).filter((h) => {
    const fits = h.key.length <= LIMITS.requestHeaderKey && h.value.length <= LIMITS.requestHeaderValue;
    if (!fits) changes.push(`header ${JSON.stringify(h.key)} not carried: over the service's length limits`);
    return fits;
  });
  for (const h of headers) if (h.value) known.add(`requestHeaders\u0000${h.key}`);

  let username: string | null = null;
  if (m.auth) {
    if (m.auth.scheme === "basic") {
      username = m.auth.username;
      if (m.auth.password) known.add("requestAuthPassword");
      else changes.push("basic-auth password not in the input: set its config key");
    } else changes.push(`${m.auth.scheme} authentication not carried: the service sends basic auth only`);
  }

  const days = (what: string, d: { days: number; why?: string } | undefined) => {
    if (!d) return 0;
    const v = nearest(
      d.days,
      EXPIRY_ALERT_DAYS.filter((x) => x > 0),
      "higher",
    );
    if (v !== d.days || d.why)
      changes.push(
        `${what} expiry alert ${d.why ? `(${d.why}) ` : ""}→ ${v} days (allowed: ${EXPIRY_ALERT_DAYS.join(", ")})`,
      );
    return v;
  };
  const ssl = days("certificate", m.sslExpiryDays);
  const domain = days("domain", m.domainExpiryDays);

  const alerts: { key: string; value: string }[] = [];
  m.contacts.forEach((c, i) => {
    const channel = channelOf(c.kind);
    if (!channel) {
      changes.push(`${c.kind} contact ${JSON.stringify(c.name)} not carried: the service has no such channel`);
      return;
    }
    if (alerts.length >= LIMITS.alerts) {
      changes.push(`contact ${JSON.stringify(c.name)} not carried: at most ${LIMITS.alerts} alerts`);
      return;
    }
    // The value is never written: a contact's identity stands in for it, so that the
    // monitors sharing a contact share its config key.
    const token = `${m.vendor}\u0000${c.kind}\u0000${c.name}\u0000${c.value ?? `#${id}.${i}`}`;
    if (c.value) known.add(`alerts\u0000${token}`);
    alerts.push({ key: channel, value: token });
  });
  changes.push(...m.dropped);

  const api = {
    id,
    name,
    url: m.url,
    interval,
    status: m.paused ? "paused" : "pending",
    alert_condition: m.keyword ? (m.keyword.alertWhen === "present" ? "url_text" : "url_no_text") : "url_unavailable",
    alert_text_lookup: m.keyword?.text ?? null,
    request_method: method,
    request_headers: headers,
    request_auth_username: username,
    cache_buster: 0,
    ssl_alert_days: ssl,
    domain_alert_days: domain,
    maintenance_start_at: null,
    maintenance_end_at: null,
    alerts,
  } as unknown as Monitor;
  return { api, paused: m.paused, changes, known };
}

function otherEntry(o: SourceOther): ReportEntry {
  return {
    source: o.ref,
    vendor: o.vendor,
    kind: o.kind,
    name: o.name,
    outcome: "not mapped",
    changes: [],
    reason: o.why,
  };
}

/**
 * `name`, or the first of `name (2)`, `name (3)`... (cut to fit the length limit) that no
 * earlier monitor holds as the service compares names: a second monitor of the same name
 * would fail the program's `up` half way.
 */
function distinctName(name: string, taken: ReadonlyMap<string, string>): string {
  if (!taken.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, LIMITS.name - suffix.length) + suffix;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/** `scheme://` and the user information before the host's `@`, when a URL has them. */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

/** `text` decoded from a URL's percent-encoding, or as it is when it is not valid. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The monitor without the user and password its URL holds (`https://user:pass@host/`): they
 * become its basic auth, the password read from secret config like any other, so that
 * neither the program nor the report holds them. A monitor that sets its own
 * authentication keeps it, and the report says the URL's was not carried.
 */
function withoutUrlCredentials(m: SourceMonitor): SourceMonitor {
  const found = m.url ? USERINFO.exec(m.url) : null;
  if (!m.url || !found) return m;
  const raw = m.url;
  const url = raw.replace(USERINFO, "$1");
  const colon = found[2].indexOf(":");
  const username = decoded(colon < 0 ? found[2] : found[2].slice(0, colon));
  const password = colon < 0 ? undefined : decoded(found[2].slice(colon + 1)) || undefined;
  const clean = { ...m, url, name: m.name.split(raw).join(url) };
  if (m.auth || !username)
    return {
      ...clean,
      dropped: [
        ...m.dropped,
        m.auth
          ? "the user and password in the URL are not carried: the monitor sets its own authentication"
          : "the password in the URL is not carried: it names no user, and basic auth here needs one",
      ],
    };
  return { ...clean, auth: { scheme: "basic", username, password } };
}

/** Maps what a reader read: the plan to render, the report's entries, and the config keys to set. */
export function mapMonitors(read: SourceRead): Migration {
  const entries: ReportEntry[] = [];
  const mapped: { entry: ReportEntry; m: Mapped }[] = [];
  // Each name as the service compares them, and the input monitor that holds it.
  const taken = new Map<string, string>();
  read.monitors.forEach((input, i) => {
    const sm = withoutUrlCredentials(input);
    const base = { source: sm.ref, vendor: sm.vendor, kind: sm.kind, name: sm.name, changes: [] as string[] };
    const m = mapOne(sm, i + 1);
    if ("reason" in m) {
      entries.push({ ...base, outcome: "not mapped", reason: m.reason });
      return;
    }
    const name = distinctName(m.api.name, taken);
    if (name !== m.api.name) {
      m.changes.push(
        `name ${JSON.stringify(m.api.name)} → ${JSON.stringify(name)}: the service takes it for the name of ${taken.get(nameKey(m.api.name))} (it compares names ignoring case and accents)`,
      );
      m.api.name = name;
    }
    taken.set(nameKey(name), sm.ref);
    const entry: ReportEntry = { ...base, outcome: m.changes.length ? "approximated" : "mapped", changes: m.changes };
    entries.push(entry);
    mapped.push({ entry, m });
  });

  const plan = planExport(
    mapped.map((x) => x.m.api),
    { validate: false },
  );
  const known = new Set<SecretPlaceholder>();
  plan.monitors.forEach((em, i) => {
    const { entry, m } = mapped[i];
    entry.resourceName = em.resourceName;
    for (const p of em.secrets) {
      const id =
        p.field === "requestAuthPassword"
          ? p.field
          : `${p.field}\u0000${p.field === "alerts" ? p.value : headerKeyOf(em, p)}`;
      if (m.known.has(id)) known.add(p);
    }
    // Migrated monitors carry their paused state: export's remark about it does not apply.
    em.notes = [];
    if (m.paused)
      em.args.splice(
        em.args.findIndex(([f]) => f === "adopt"),
        0,
        ["paused", true],
      );
    em.label = `${entry.vendor} ${entry.kind} monitor at ${entry.source}`;
    // The renderers read only its name; the values it was planned from stay here.
    em.monitor = { ...em.monitor, request_headers: [], alerts: [] };
  });
  // No value leaves this function: the program reads every one from config.
  const configKeys = plan.secrets.map((p) => ({
    key: p.configKey,
    field: p.field,
    ...(p.field === "alerts" ? { channel: p.description.replace(/ alert$/, "") } : {}),
    description: `${p.description} of ${JSON.stringify(p.monitorName)}${p.usedBy > 1 ? ` and ${p.usedBy - 1} more` : ""}`,
    inInput: known.has(p),
  }));
  for (const p of plan.secrets) delete p.value;
  return { plan, monitors: entries, others: read.others.map(otherEntry), configKeys };
}

/** The header name a header placeholder stands for in a monitor's arguments. */
function headerKeyOf(em: ExportPlan["monitors"][number], p: SecretPlaceholder): string {
  const headers = em.args.find(([f]) => f === "requestHeaders")?.[1] as { key: string; value: unknown }[] | undefined;
  return headers?.find((h) => h.value === p)?.key ?? "";
}
