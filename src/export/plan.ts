/**
 * What an export declares: for each monitor a stable resource name, the `Monitor`
 * arguments that reproduce it (defaults left out), adoption on, and a secret config
 * placeholder for what the service never returns (the basic-auth password).
 */
import type { Monitor } from "../schemas";
import { fromApi, MONITOR_DEFAULTS } from "../providers/monitor/props";
import { checkMonitor } from "../providers/monitor/check";
import { UNKNOWN } from "../providers/unknown";

/** A value the export cannot read back, to be set as secret stack config. */
export interface SecretPlaceholder {
  /** Resource name of the monitor. */
  resourceName: string;
  /** The monitor's name. */
  monitorName: string;
  /** The `Monitor` argument it fills. */
  field: "requestAuthPassword";
  /** The stack config key, e.g. `apiHealthRequestAuthPassword`. */
  configKey: string;
  /** What to tell the user about the value, e.g. `basic-auth password of user "probe"`. */
  description: string;
}

/** One exported monitor. */
export interface ExportedMonitor {
  /** Pulumi resource name, derived from the monitor's name. */
  resourceName: string;
  /** The live monitor. */
  monitor: Monitor;
  /**
   * `Monitor` arguments in declaration order, without the service's defaults. A value
   * read from config is a {@link SecretPlaceholder}.
   */
  args: [string, unknown | SecretPlaceholder][];
  /** Placeholders of this monitor. */
  secrets: SecretPlaceholder[];
  /** True when it holds alert or header values (stored as secrets in state). */
  hasSecretValues: boolean;
  /** Remarks for the reader, e.g. that it is paused or fails validation. */
  notes: string[];
}

/** The whole export. */
export interface ExportPlan {
  monitors: ExportedMonitor[];
  secrets: SecretPlaceholder[];
}

/** True when `v` is a placeholder. */
export function isPlaceholder(v: unknown): v is SecretPlaceholder {
  return !!v && typeof v === "object" && "configKey" in v && "field" in v;
}

/** `"API health (EU)"` → `api-health-eu`; empty when nothing is left. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

/** `api-health-eu` → `apiHealthEu`. */
export function camelFromSlug(slug: string): string {
  return slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Resource names for monitors in the given order: slugs of their names, with `-2`,
 * `-3`, ... on repeats, and `monitor-<id>` when a name has no letters or digits.
 */
export function resourceNames(monitors: readonly Pick<Monitor, "id" | "name">[]): string[] {
  const taken = new Set<string>();
  return monitors.map((m) => {
    const base = slugify(m.name) || `monitor-${m.id}`;
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** Builds the export of `monitors` (in the order given; `collectMonitors` sorts by id). */
export function planExport(monitors: readonly Monitor[]): ExportPlan {
  const names = resourceNames(monitors);
  const usedKeys = new Set<string>();
  const out = monitors.map((monitor, i): ExportedMonitor => {
    const resourceName = names[i];
    const live = fromApi(monitor);
    const args: [string, unknown][] = [];
    const secrets: SecretPlaceholder[] = [];
    const notes: string[] = [];
    const add = (field: string, value: unknown) => args.push([field, value]);

    add("name", live.name);
    add("url", live.url);
    add("interval", live.interval);
    if (live.alertCondition !== MONITOR_DEFAULTS.alertCondition) add("alertCondition", live.alertCondition);
    if (live.alertTextLookup) add("alertTextLookup", live.alertTextLookup);
    if (live.requestMethod !== MONITOR_DEFAULTS.requestMethod) add("requestMethod", live.requestMethod);
    if (live.requestHeaders?.length) add("requestHeaders", live.requestHeaders);
    if (live.requestAuthUsername) {
      add("requestAuthUsername", live.requestAuthUsername);
      let configKey = `${camelFromSlug(resourceName)}RequestAuthPassword`;
      for (let n = 2; usedKeys.has(configKey); n++) configKey = `${camelFromSlug(resourceName)}RequestAuthPassword${n}`;
      usedKeys.add(configKey);
      const placeholder: SecretPlaceholder = {
        resourceName,
        monitorName: live.name,
        field: "requestAuthPassword",
        configKey,
        description: `basic-auth password of user ${JSON.stringify(live.requestAuthUsername)}`,
      };
      secrets.push(placeholder);
      add("requestAuthPassword", placeholder);
    }
    if (live.cacheBuster !== MONITOR_DEFAULTS.cacheBuster) add("cacheBuster", live.cacheBuster);
    if (live.sslAlertDays !== MONITOR_DEFAULTS.sslAlertDays) add("sslAlertDays", live.sslAlertDays);
    if (live.domainAlertDays !== MONITOR_DEFAULTS.domainAlertDays) add("domainAlertDays", live.domainAlertDays);
    if (live.maintenanceStartAt || live.maintenanceEndAt) {
      add("maintenanceStartAt", live.maintenanceStartAt);
      add("maintenanceEndAt", live.maintenanceEndAt);
    }
    if (live.alerts?.length) add("alerts", live.alerts);
    add("adopt", true);

    if (monitor.status === "paused") {
      notes.push("Paused on the service. `paused` is left undeclared, so Pulumi leaves it paused; add `paused: true` to manage it.");
    }
    // What the service holds but the providers' check would reject (an older instance's
    // value, say) is written as it is, with a warning, rather than silently changed.
    const bag = Object.fromEntries(args.map(([k, v]) => [k, isPlaceholder(v) ? UNKNOWN : v]));
    for (const f of checkMonitor(bag).failures ?? []) {
      notes.push(`WARNING: the stored value fails validation and \`pulumi up\` will reject it until changed: ${f.reason}`);
    }
    const hasSecretValues = !!(live.alerts?.length || live.requestHeaders?.length);
    return { resourceName, monitor, args, secrets, hasSecretValues, notes };
  });
  return { monitors: out, secrets: out.flatMap((m) => m.secrets) };
}

/** The exact commands that set the placeholders (each prompts for its value). */
export function configSetCommands(secrets: readonly SecretPlaceholder[]): string[] {
  return secrets.map((s) => `pulumi config set --secret ${s.configKey}`);
}
