/**
 * The monitors of `pulumi-uptime test --file`: the GitOps monitors file, its
 * `${config:key}` values read from the stack's config when one is given (a stack's
 * monitors are stack-monitors.ts'). Secret values are read into memory only, and each
 * monitor lists them so that they are never printed.
 */
import { configRefsIn, hasConfigRef, resolveConfigRefs } from "../gitops/config-refs";
import { loadMonitorsFile } from "../gitops/load-monitors";
import { readMonitorDefaults, withMonitorDefaults, type MonitorDefaults } from "../runtime/monitor/team-defaults";
import { secretArgs, type DeclaredMonitor } from "./declared-monitor";

/** Values of the stack's config, decrypted, keyed `namespace:key`. */
export type StackConfig = Map<string, string>;

/** The provider's `defaults` cannot be read: named as set, never with a secret value. */
export class TestDefaultsError extends Error {}

/**
 * The provider's monitor defaults as a file's monitors would get them: the stack's
 * `uptime:defaults` (with --stack), else UPTIME_DEFAULTS.
 * @throws TestDefaultsError naming the setting and what is wrong.
 */
export function fileDefaults(config: StackConfig | undefined, env: NodeJS.ProcessEnv): MonitorDefaults {
  const fromStack = config?.get("uptime:defaults");
  const reading =
    fromStack !== undefined
      ? readMonitorDefaults(fromStack, "uptime:defaults")
      : readMonitorDefaults(env.UPTIME_DEFAULTS, "UPTIME_DEFAULTS");
  if (reading.problems.length) throw new TestDefaultsError(reading.problems.join("; "));
  return reading.values;
}

/** Every string inside `value`. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/**
 * The monitors of a GitOps monitors file. `${config:key}` placeholders are read from
 * `config` (the stack's, decrypted) when given; a monitor whose check needs a value that is
 * not at hand is skipped naming the key. Alerts are not part of a check: their placeholders
 * do not matter.
 * @throws MonitorsFileError when the file is bad.
 */
export function monitorsOfFile(
  path: string,
  config?: StackConfig,
  project?: string,
  defaults: MonitorDefaults = {},
): DeclaredMonitor[] {
  const lookup = (ref: string): string | undefined =>
    config?.get(ref.includes(":") ? ref : `${project ?? ""}:${ref}`) ?? undefined;
  return loadMonitorsFile(path).map((entry) => {
    const args: Record<string, unknown> = {};
    const unknown: Record<string, string> = {};
    const secrets: string[] = [];
    for (const [field, value] of Object.entries(entry.args as Record<string, unknown>)) {
      if (field === "alerts") continue;
      // An entry without placeholders (most) has nothing to look up.
      if (!entry.configKeys.length || !stringsIn(value).some(hasConfigRef)) {
        args[field] = value;
        continue;
      }
      try {
        args[field] = resolveConfigRefs(value, lookup);
        // A value read from config is secret, and so is everything built from it.
        secrets.push(...stringsIn(args[field]));
        for (const ref of configRefsIn(value)) {
          const v = lookup(ref);
          if (v !== undefined) secrets.push(v);
        }
      } catch {
        const refs = configRefsIn(value).filter((r) => lookup(r) === undefined);
        unknown[field] =
          config === undefined
            ? `reads ${refs.map((r) => `\${config:${r}}`).join(", ")}; give --stack to read it from the stack's config`
            : `the stack has no config value for ${refs.map((r) => `\${config:${r}}`).join(", ")}`;
      }
    }
    // What the provider would give the monitor from its `defaults` (a header, sslAlertDays...).
    const { alerts: _alerts, ...checked } = withMonitorDefaults(args, defaults);
    if (checked.cacheBuster === true) checked.cacheBuster = 1;
    return { resourceName: entry.resourceName, args: checked, unknown, secrets: [...secrets, ...secretArgs(checked)] };
  });
}
