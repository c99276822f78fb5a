/**
 * `--component`: the monitors of one host that share what a `ServiceMonitors` sets for all
 * its checks (alerts, certificate and domain expiry days) become the checks of one component,
 * each keyed by its resource name. A monitor with what a check cannot hold (a cache buster, a
 * maintenance window, a URL that is not its origin plus a path) stays a plain `Monitor`. A
 * grouped monitor gets the component's name on the service (`<environment>/<host>/<key>`,
 * after the provider's `defaults.namePrefix`) and is created, not adopted: the report says so.
 */
import { isPlaceholder, slugify, type ExportedMonitor } from "../export/plan";
import type { Migration } from "./map";

/** One component: its resource name, `service` (the host), `baseUrl` and checks by key. */
export interface HostGroup {
  resourceName: string;
  service: string;
  baseUrl: string;
  /** The group's own values (alerts, sslAlertDays, domainAlertDays), as the monitors had them. */
  shared: [string, unknown][];
  checks: { key: string; monitor: ExportedMonitor; check: Record<string, unknown> }[];
}

/** The arguments a component sets for all its checks. */
const SHARED = ["alerts", "sslAlertDays", "domainAlertDays"];

/** A check's fields from a monitor's arguments, or undefined when one has no place in a check. */
function checkOf(m: ExportedMonitor, origin: string): Record<string, unknown> | undefined {
  const args = Object.fromEntries(m.args);
  const url = String(args.url);
  const path = url.slice(origin.length);
  if (!url.startsWith(origin) || !path.startsWith("/")) return undefined;
  const check: Record<string, unknown> = { path };
  for (const [field, v] of m.args) {
    if (field === "requestMethod") check.method = v;
    else if (field === "alertCondition") {
      if (typeof args.alertTextLookup !== "string") return undefined;
      if (v === "url_no_text") check.expectText = args.alertTextLookup;
      else if (v === "url_text") check.forbidText = args.alertTextLookup;
    } else if (field === "requestAuthUsername") check.basicAuth = { username: v, password: args.requestAuthPassword };
    else if (field === "interval" || field === "requestHeaders" || field === "paused") check[field] = v;
    else if (![...SHARED, "name", "url", "alertTextLookup", "requestAuthPassword", "adopt"].includes(field))
      return undefined;
  }
  return check;
}

/** The shared values of a monitor, comparable across monitors (placeholders by config key). */
function sharedKey(m: ExportedMonitor): string {
  const shared = m.args.filter(([f]) => SHARED.includes(f));
  return JSON.stringify(shared, (_k, v: unknown) => (isPlaceholder(v) ? { configKey: v.configKey } : v));
}

/**
 * Groups `migration`'s monitors: the components (two checks or more each) and the monitors
 * left plain. Each grouped monitor's report entry is marked approximated, saying its new name.
 */
export function groupByHost(migration: Migration): { groups: HostGroup[]; alone: ExportedMonitor[] } {
  const classes = new Map<string, { origin: string; host: string; members: ExportedMonitor[] }>();
  const alone: ExportedMonitor[] = [];
  for (const m of migration.plan.monitors) {
    const url = URL.parse(String(m.args.find(([f]) => f === "url")?.[1]));
    if (!url || !checkOf(m, url.origin)) {
      alone.push(m);
      continue;
    }
    const id = `${url.origin}\u0000${sharedKey(m)}`;
    const c = classes.get(id) ?? { origin: url.origin, host: url.host, members: [] };
    c.members.push(m);
    classes.set(id, c);
  }
  const taken = new Set(migration.plan.monitors.map((m) => m.resourceName));
  const groups: HostGroup[] = [];
  for (const c of classes.values()) {
    if (c.members.length < 2) {
      alone.push(...c.members);
      continue;
    }
    let resourceName = slugify(c.host) || "service";
    for (let n = 2; taken.has(resourceName); n++) resourceName = `${slugify(c.host)}-${n}`;
    taken.add(resourceName);
    groups.push({
      resourceName,
      service: c.host,
      baseUrl: c.origin,
      shared: c.members[0].args.filter(([f]) => SHARED.includes(f)),
      checks: c.members.map((m) => ({ key: m.resourceName, monitor: m, check: checkOf(m, c.origin)! })),
    });
  }
  for (const g of groups)
    for (const { key, monitor } of g.checks) {
      const entry = migration.monitors.find((e) => e.resourceName === monitor.resourceName);
      if (!entry) continue;
      entry.outcome = "approximated";
      entry.changes.push(
        `check ${JSON.stringify(key)} of ServiceMonitors ${JSON.stringify(g.resourceName)}: named "<environment>/${g.service}/${key}" on this service (the stack's name, after the provider's defaults.namePrefix), not ${JSON.stringify(monitor.monitor.name)}, and created, not adopted`,
      );
    }
  // Plain monitors keep the plan's order.
  const order = new Map(migration.plan.monitors.map((m, i) => [m, i]));
  alone.sort((a, b) => order.get(a)! - order.get(b)!);
  return { groups, alone };
}
