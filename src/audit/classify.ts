/**
 * The audit's findings from what it read: each stack's uptime resources (both doors) and the
 * account's monitors and incidents. Pure: no I/O, so that every rule is tested on hand-made
 * states.
 */
import { typesOf } from "../schemas/type-tokens";
import type { StateResource } from "../stack/state-resource";

/** The resource types that hold a monitor or an incident, by door. */
export const RESOURCE_KINDS: Readonly<Record<string, Kind>> = Object.fromEntries([
  ...typesOf("Monitor").map((t) => [t, "monitor"]),
  ...typesOf("Incident").map((t) => [t, "incident"]),
]);

type Kind = "monitor" | "incident";

/** A stack's uptime resource as the audit keeps it: with its provider's service URL, when the state names one. */
export type AuditedResource = StateResource & { serviceUrl?: string };

/** A stack whose current state could not be read, audited from an earlier checkpoint. */
export interface FromHistory {
  /** Why the current state could not be read. */
  reason: string;
  /** The checkpoint read instead, relative to the backend's directory. */
  checkpoint: string;
  /** When it was saved (RFC 3339). */
  savedAt: string;
}

/** One audited stack: its uptime resources (maybe from an earlier checkpoint), or why they could not be read. */
export type AuditedStack =
  { stack: string; resources: AuditedResource[]; fromHistory?: FromHistory } | { stack: string; error: string };

/** The account's side: its monitors and incidents. */
interface AccountRecords {
  monitors: { id: number; name: string; url: string }[];
  incidents: { id: number; monitor_id: number }[];
}

/** One stack's hold on a monitor or an incident. */
interface Holding {
  kind: Kind;
  id: string;
  stack: string;
  urn: string;
  /** The service its provider points at, when the state says. */
  serviceUrl?: string;
}

export interface ManagedEntry {
  kind: Kind;
  id: number;
  name: string;
  stack: string;
  urn: string;
}
export interface UnmanagedEntry {
  kind: Kind;
  id: number;
  name: string;
  url: string;
}
export interface ConflictEntry {
  kind: Kind;
  id: number;
  name: string;
  /** Each holder's stack, once per resource (a stack that holds it twice is listed twice). */
  stacks: string[];
  urns: string[];
}
export interface MissingEntry {
  kind: Kind;
  stack: string;
  urn: string;
  id: string;
}
export interface UnreadableEntry {
  stack: string;
  reason: string;
  /** The earlier checkpoint its findings come from, when one could be read (a file backend's history). */
  readFromHistory?: { checkpoint: string; savedAt: string };
}
/** A resource whose provider points at another service than the audited account's. */
export interface OtherServiceEntry {
  kind: Kind;
  id: string;
  stack: string;
  urn: string;
  serviceUrl: string;
}

/**
 * A resource whose state does not record its service (see src/stack/service-urls.ts):
 * counted as the audited account's, and listed so that nobody takes that for certain.
 */
export interface ServiceUrlUnknownEntry {
  kind: Kind;
  id: string;
  stack: string;
  urn: string;
}

/** The report, in the order of `--json`. */
export interface AuditReport {
  managed: ManagedEntry[];
  unmanaged: UnmanagedEntry[];
  conflicts: ConflictEntry[];
  missing: MissingEntry[];
  unreadable: UnreadableEntry[];
  /** Resources of other services' accounts: not this account's, so none of the findings above. */
  otherServices: OtherServiceEntry[];
  /** Resources counted as this account's without their state saying which service they are on. */
  serviceUrlUnknown: ServiceUrlUnknownEntry[];
  /** What the reader must know before acting on the findings (e.g. unreadable stacks). */
  caveats: string[];
}

/** The findings `--fail-on` can name. */
export const FINDINGS = ["unmanaged", "conflict", "missing", "unreadable"] as const;
export type Finding = (typeof FINDINGS)[number];

/**
 * The monitors and incidents a stack's state manages: custom resources of the four types,
 * with an id, not read with `get` (external) and not a replaced one waiting for deletion.
 * The id is the service's id for both doors; a dynamic resource created before ids were
 * recorded falls back to its `monitorId`/`incidentId` output.
 */
export function holdings(stack: string, resources: readonly AuditedResource[]): Holding[] {
  const out: Holding[] = [];
  for (const r of resources) {
    const kind = RESOURCE_KINDS[r.type];
    if (!kind || r.external || r.delete || r.custom === false) continue;
    const fallback = r.outputs?.[kind === "monitor" ? "monitorId" : "incidentId"];
    const id = r.id || (typeof fallback === "number" || typeof fallback === "string" ? String(fallback) : "");
    if (!id) continue; // never created (a failed create leaves no id)
    out.push({ kind, id, stack, urn: r.urn, ...(r.serviceUrl ? { serviceUrl: r.serviceUrl } : {}) });
  }
  return out;
}

const key = (kind: Kind, id: string | number) => `${kind}:${String(id)}`;

/** A service URL to compare: scheme and host in lower case, no trailing slash. */
function sameService(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u.trim());
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
      return u.trim().replace(/\/+$/, "");
    }
  };
  return norm(a) === norm(b);
}

/**
 * Classifies; `unmanagedIncidents` also lists incidents no stack holds (the service opens its
 * own). With `serviceUrl` (the audited account's), a resource whose provider names another
 * service is listed apart, in `otherServices`: its id is another account's.
 */
export function classify(
  stacks: readonly AuditedStack[],
  account: AccountRecords,
  options: { unmanagedIncidents?: boolean; serviceUrl?: string } = {},
): AuditReport {
  const report: AuditReport = {
    managed: [],
    unmanaged: [],
    conflicts: [],
    missing: [],
    unreadable: [],
    otherServices: [],
    serviceUrlUnknown: [],
    caveats: [],
  };
  const names = new Map<string, { id: number; name: string; url: string }>();
  for (const m of account.monitors) names.set(key("monitor", m.id), { id: m.id, name: m.name, url: m.url });
  for (const i of account.incidents) {
    const monitor = account.monitors.find((m) => m.id === i.monitor_id);
    names.set(key("incident", i.id), {
      id: i.id,
      name: `incident ${i.id} of ${monitor ? JSON.stringify(monitor.name) : `monitor ${i.monitor_id}`}`,
      url: monitor?.url ?? "",
    });
  }

  const held = new Map<string, Holding[]>();
  for (const s of stacks) {
    if ("error" in s) {
      report.unreadable.push({ stack: s.stack, reason: s.error });
      continue;
    }
    if (s.fromHistory) {
      const { reason, checkpoint, savedAt } = s.fromHistory;
      report.unreadable.push({ stack: s.stack, reason, readFromHistory: { checkpoint, savedAt } });
    }
    for (const h of holdings(s.stack, s.resources)) {
      if (h.serviceUrl && options.serviceUrl && !sameService(h.serviceUrl, options.serviceUrl)) {
        report.otherServices.push({ kind: h.kind, id: h.id, stack: h.stack, urn: h.urn, serviceUrl: h.serviceUrl });
        continue;
      }
      if (!h.serviceUrl && options.serviceUrl)
        report.serviceUrlUnknown.push({ kind: h.kind, id: h.id, stack: h.stack, urn: h.urn });
      const k = key(h.kind, h.id);
      const known = names.get(k);
      if (!known) {
        report.missing.push({ kind: h.kind, stack: h.stack, urn: h.urn, id: h.id });
      } else {
        report.managed.push({ kind: h.kind, id: known.id, name: known.name, stack: h.stack, urn: h.urn });
      }
      held.set(k, [...(held.get(k) ?? []), h]);
    }
  }

  for (const [k, hs] of held) {
    if (hs.length < 2) continue;
    const known = names.get(k);
    const id = known?.id ?? Number(hs[0].id);
    report.conflicts.push({
      kind: hs[0].kind,
      id,
      name: known?.name ?? "",
      stacks: hs.map((h) => h.stack),
      urns: hs.map((h) => h.urn),
    });
  }
  for (const m of account.monitors) {
    if (!held.has(key("monitor", m.id))) report.unmanaged.push({ kind: "monitor", id: m.id, name: m.name, url: m.url });
  }
  if (options.unmanagedIncidents) {
    for (const i of account.incidents) {
      const k = key("incident", i.id);
      if (!held.has(k)) report.unmanaged.push({ kind: "incident", ...names.get(k)! });
    }
  }
  sortReport(report);
  for (const caveat of [unreadableCaveat(report), serviceUrlCaveat(report)]) if (caveat) report.caveats.push(caveat);
  return report;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The caveat on `unmanaged` while a stack is unreadable, if one is. */
export function unreadableCaveat(report: Pick<AuditReport, "unreadable">): string | undefined {
  if (!report.unreadable.length) return undefined;
  const named = report.unreadable.map((u) =>
    u.readFromHistory
      ? `${u.stack}, audited from its last good checkpoint, saved ${u.readFromHistory.savedAt}: ` +
        "what it changed since shows as unmanaged or missing"
      : u.stack,
  );
  return (
    `unmanaged may hold monitors of the ${plural(report.unreadable.length, "unreadable stack")} ` +
    `(${named.join(", ")}): do not delete a monitor on this report's word until every stack reads`
  );
}

/** The caveat on the resources whose state does not say which service they are on, if any. */
export function serviceUrlCaveat(report: Pick<AuditReport, "serviceUrlUnknown">): string | undefined {
  if (!report.serviceUrlUnknown.length) return undefined;
  const stacks = [...new Set(report.serviceUrlUnknown.map((u) => u.stack))];
  return (
    `${plural(report.serviceUrlUnknown.length, "resource")} of ${stacks.join(", ")} record no service URL in their state ` +
    "(dynamic resources not created or updated since the URL was recorded, or a provider whose URL came from UPTIME_BASE_URL): " +
    "counted as this account's; if one is another account's, its findings here are wrong"
  );
}

function sortReport(r: AuditReport): AuditReport {
  const byKindId = (a: { kind: Kind; id: number | string }, b: { kind: Kind; id: number | string }) =>
    a.kind.localeCompare(b.kind) || Number(a.id) - Number(b.id) || String(a.id).localeCompare(String(b.id));
  r.managed.sort((a, b) => byKindId(a, b) || a.stack.localeCompare(b.stack) || a.urn.localeCompare(b.urn));
  r.unmanaged.sort(byKindId);
  r.conflicts.sort(byKindId);
  r.missing.sort((a, b) => a.stack.localeCompare(b.stack) || byKindId(a, b) || a.urn.localeCompare(b.urn));
  r.unreadable.sort((a, b) => a.stack.localeCompare(b.stack));
  r.otherServices.sort((a, b) => a.stack.localeCompare(b.stack) || byKindId(a, b) || a.urn.localeCompare(b.urn));
  r.serviceUrlUnknown.sort((a, b) => a.stack.localeCompare(b.stack) || byKindId(a, b) || a.urn.localeCompare(b.urn));
  return r;
}

/** The findings of `report` among `failOn`: non-empty means exit 1. */
export function failingFindings(report: AuditReport, failOn: readonly Finding[]): Finding[] {
  const present: Record<Finding, boolean> = {
    unmanaged: report.unmanaged.length > 0,
    conflict: report.conflicts.length > 0,
    missing: report.missing.length > 0,
    unreadable: report.unreadable.length > 0,
  };
  return failOn.filter((f) => present[f]);
}
