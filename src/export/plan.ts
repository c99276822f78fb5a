/**
 * What an export declares: for each monitor a stable resource name, the `Monitor`
 * arguments that reproduce it (defaults left out), adoption on, and a secret config
 * placeholder for what the service never returns (the basic-auth password).
 */
import type { Monitor } from "../schemas";
import { fromApi, MONITOR_DEFAULTS } from "../runtime/monitor/monitor-props";
import { checkMonitor } from "../runtime/monitor/check-monitor";
import { UNKNOWN } from "../runtime/unknowns";

/**
 * A secret the export does not write into the file, read from secret stack config instead:
 * a basic-auth password (the service never returns it), or an alert or header value
 * (webhook URLs, tokens), which the service does return but which must not land in a file
 * meant for git.
 */
export interface SecretPlaceholder {
  /** Resource name of the (first) monitor that uses it. */
  resourceName: string;
  /** The monitor's name. */
  monitorName: string;
  /** The `Monitor` argument it fills (inside a list entry for alerts and headers). */
  field: "requestAuthPassword" | "alerts" | "requestHeaders";
  /** The stack config key, e.g. `apiHealthRequestAuthPassword`. */
  configKey: string;
  /** What to tell the user about the value, e.g. `basic-auth password of user "probe"`. */
  description: string;
  /**
   * The value as the service returned it (alerts, headers); undefined for a password. Never
   * rendered: `--set-secrets` stores it in the stack's config, encrypted.
   */
  value?: string;
  /** Monitors using it: one value shared by several monitors gets one config key. */
  usedBy: number;
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
  /** True when it holds alert or header values (read from secret config, stored as secrets in state). */
  hasSecretValues: boolean;
  /** Remarks for the reader, e.g. that it is paused or fails validation. */
  notes: string[];
  /** What the program's comment says the monitor came from; default: its name and id on the service. */
  label?: string;
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

/**
 * `"API health (EU)"` → `api-health-eu`; empty when nothing is left.
 */
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

/**
 * `api-health-eu` → `apiHealthEu`.
 */
function camelFromSlug(slug: string): string {
  return slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Resource names for monitors in the given order: slugs of their names, with `-2`,
 * `-3`, ... on repeats, and `monitor-<id>` when a name has no letters or digits.
 */
function resourceNames(monitors: readonly Pick<Monitor, "id" | "name">[]): string[] {
  const taken = new Set<string>();
  return monitors.map((m) => {
    const base = slugify(m.name) || `monitor-${m.id}`;
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** `X-Api-Key` → `XApiKey`; `webhook` → `Webhook`. */
function pascal(text: string): string {
  return camelFromSlug(`-${slugify(text)}`) || "Value";
}

/**
 * Builds the export of `monitors` (in the order given; `collectMonitors` sorts by id). With
 * `validate: false` the provider's check is not run (migrate applies the service's rules
 * itself, and its alert values are stand-ins).
 */
export function planExport(monitors: readonly Monitor[], options: { validate?: boolean } = {}): ExportPlan {
  const names = resourceNames(monitors);
  const usedKeys = new Set<string>();
  const uniqueKey = (base: string) => {
    let key = base;
    for (let n = 2; usedKeys.has(key); n++) key = `${base}${n}`;
    usedKeys.add(key);
    return key;
  };
  // One placeholder per distinct value of alerts and headers, across the whole account.
  const byValue = new Map<string, SecretPlaceholder>();
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
    const valueSecret = (field: "alerts" | "requestHeaders", key: string, value: string): SecretPlaceholder => {
      const seen = byValue.get(`${field}\u0000${value}`);
      if (seen) {
        seen.usedBy++;
        if (!secrets.includes(seen)) secrets.push(seen);
        return seen;
      }
      const what = field === "alerts" ? `${key} alert` : `value of request header ${JSON.stringify(key)}`;
      const placeholder: SecretPlaceholder = {
        resourceName,
        monitorName: live.name,
        field,
        configKey: uniqueKey(`${camelFromSlug(resourceName)}${field === "alerts" ? "Alert" : "Header"}${pascal(key)}`),
        description: what,
        value,
        usedBy: 1,
      };
      byValue.set(`${field}\u0000${value}`, placeholder);
      secrets.push(placeholder);
      return placeholder;
    };
    const secretValues = (field: "alerts" | "requestHeaders", list: { key: string; value: string }[]) =>
      list.map((e) => ({ key: e.key, value: valueSecret(field, e.key, e.value) }));

    if (live.requestHeaders?.length) add("requestHeaders", secretValues("requestHeaders", live.requestHeaders));
    if (live.requestAuthUsername) {
      add("requestAuthUsername", live.requestAuthUsername);
      const placeholder: SecretPlaceholder = {
        resourceName,
        monitorName: live.name,
        field: "requestAuthPassword",
        configKey: uniqueKey(`${camelFromSlug(resourceName)}RequestAuthPassword`),
        description: `basic-auth password of user ${JSON.stringify(live.requestAuthUsername)}`,
        usedBy: 1,
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
    if (live.alerts?.length) add("alerts", secretValues("alerts", live.alerts));
    add("adopt", true);

    if (monitor.status === "paused") {
      notes.push(
        "Paused on the service. `paused` is left undeclared, so Pulumi leaves it paused; add `paused: true` to manage it.",
      );
    }
    // What the service holds but the providers' check would reject (an older instance's
    // value, say) is written as it is, with a warning, rather than silently changed.
    const bag =
      options.validate === false
        ? {}
        : Object.fromEntries(args.map(([k, v]) => [k, withPlaceholders(v, (p) => p.value ?? UNKNOWN)]));
    for (const f of options.validate === false ? [] : (checkMonitor(bag).failures ?? [])) {
      notes.push(
        `WARNING: the stored value fails validation and \`pulumi up\` will reject it until changed: ${f.reason}`,
      );
    }
    const hasSecretValues = !!(live.alerts?.length || live.requestHeaders?.length);
    return { resourceName, monitor, args, secrets, hasSecretValues, notes };
  });
  return { monitors: out, secrets: [...new Set(out.flatMap((m) => m.secrets))] };
}

/** A copy of `value` with every placeholder inside it (at any depth) replaced by `map(placeholder)`. */
export function withPlaceholders(value: unknown, map: (p: SecretPlaceholder) => unknown): unknown {
  if (isPlaceholder(value)) return map(value);
  if (Array.isArray(value)) return value.map((v) => withPlaceholders(v, map));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPlaceholders(v, map)]));
  return value;
}

/** The exact commands that set the placeholders (each prompts for its value). */
export function configSetCommands(secrets: readonly SecretPlaceholder[]): string[] {
  return secrets.map((s) => `pulumi config set --secret ${s.configKey}`);
}
