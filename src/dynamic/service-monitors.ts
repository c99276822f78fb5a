/**
 * `ServiceMonitors` for Node.js programs that use the dynamic door: a component over the
 * dynamic `Monitor`, planned by the same runtime function as the plugin's Construct
 * (runtime/service-monitors/plan-children.ts), so both make the same monitors with the same names.
 */
import * as pulumi from "@pulumi/pulumi";
import { Monitor } from "./monitor";
import { CONFIG_KEYS, monitorDefaults, resolveSettings, usableTimeZone } from "../runtime/config";
import { checkMonitor } from "../runtime/monitor/check-monitor";
import { MONITOR_SECRET_FIELDS } from "../runtime/monitor/monitor-props";
import { checkChildren } from "../runtime/service-monitors/check-children";
import {
  planServiceMonitors,
  type PlanContext,
  type ServiceMonitorsPlan,
} from "../runtime/service-monitors/plan-children";
import { containsUnknown, isUnknown, UNKNOWN } from "../runtime/unknowns";
import { pluginType } from "../schemas/type-tokens";
import type { ServiceCheck, ServiceMonitorsInputs } from "../schemas/service-monitors";

type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** One check: one monitor. Fields as the package schema's `ServiceCheck` (src/schemas/service-monitors.ts). */
export type ServiceCheckArgs = Inputs<ServiceCheck>;

/**
 * The arguments of a `ServiceMonitors`, as the package schema declares them
 * (src/schemas/service-monitors.ts): `checks` is a plain object, since each key is a monitor.
 */
export type ServiceMonitorsArgs = Inputs<Omit<ServiceMonitorsInputs, "checks">> & {
  checks: Record<string, ServiceCheckArgs>;
};

/** Every Output or promise inside `v` replaced by the unknown placeholder: what is known now. */
function knownNow(v: unknown): unknown {
  if (pulumi.Output.isInstance(v) || v instanceof Promise) return UNKNOWN;
  if (Array.isArray(v)) return v.map(knownNow);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, knownNow(x)]));
  return v;
}

/** The input at `path` (`checks.api.path`), as given (an Input). */
function inputAt(args: object, path: string): unknown {
  let cur: unknown = args;
  for (const part of path.split("."))
    cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[part] : undefined;
  return cur;
}

/** Whether `v` holds an Output or a promise anywhere. */
function waits(v: unknown): boolean {
  if (pulumi.Output.isInstance(v) || v instanceof Promise) return true;
  if (Array.isArray(v)) return v.some(waits);
  if (v && typeof v === "object") return Object.values(v).some(waits);
  return false;
}

/**
 * The stack's `uptime:defaults` and `uptime:timeZone` (stack config, else the environment),
 * as the dynamic provider will read them when it checks each child.
 */
function stackSettings() {
  const read = (configKey: string) => {
    const [namespace, key] = configKey.split(":");
    return new pulumi.Config(namespace).get(key);
  };
  return resolveSettings({ defaults: read(CONFIG_KEYS.defaults), timeZone: read(CONFIG_KEYS.timeZone) });
}

/**
 * A service's monitors from one declaration: one `Monitor` per check, a child of this
 * component, named `<namePrefix><environment>/<service>/<key>`. A check's own value wins,
 * then the group's, then the stack's `uptime:defaults`, then the service's.
 *
 * @example
 * ```ts
 * const checkout = new uptime.ServiceMonitors("checkout", {
 *     service: "checkout",
 *     baseUrl: "https://checkout.example.com",
 *     interval: 300,
 *     checks: { health: { path: "/health", expectText: "ok" }, home: { path: "/" } },
 * });
 * export const names = checkout.monitorNames;
 * ```
 */
export class ServiceMonitors extends pulumi.ComponentResource {
  /** The service's id of each check's monitor, by key. */
  readonly monitorIds: pulumi.Output<Record<string, number>>;
  /** The name of each check's monitor, by key. */
  readonly monitorNames: pulumi.Output<Record<string, string>>;
  /** `<namePrefix><environment>/<service>/`: the exact prefix of every monitor name of this component. */
  readonly selector: pulumi.Output<string>;
  /** The monitors, by key. */
  readonly monitors: Record<string, Monitor>;

  /**
   * Declares the monitors. Bad inputs throw a `ServiceMonitorsInputError` naming the
   * component and each field, and a child the monitor's check refuses a
   * `ServiceMonitorsChildError` naming the check and the field, before anything is registered.
   */
  constructor(name: string, args: ServiceMonitorsArgs, opts?: pulumi.ComponentResourceOptions) {
    const settings = stackSettings();
    const defaults = monitorDefaults(settings).values;
    const ctx: PlanContext = {
      component: name,
      stack: pulumi.getStack(),
      namePrefix: defaults.namePrefix,
      defaultInterval: defaults.interval !== undefined,
    };
    // Validates what is known now (all of it in most programs): bad input fails the preview here.
    const now = planServiceMonitors(knownNow(args) as Record<string, unknown>, ctx);
    // So does a child the monitor's own check refuses (a URL the path makes invalid, a clash
    // with the defaults): named as the component's check here, not as a lone monitor later.
    const timeZone = usableTimeZone(settings);
    checkChildren(
      name,
      now.monitors,
      (a) => checkMonitor(a, timeZone, undefined, { defaults }).failures,
      // A secret field's value never appears in the message, secret-sourced or not.
      (_m, field) => MONITOR_SECRET_FIELDS.includes(field),
    );
    super(pluginType("ServiceMonitors"), name, {}, opts);
    // With Outputs among the inputs, the arguments they feed are planned again once they are
    // known; each is secret only when an input it comes from is (not because another one is).
    const later = waits(args)
      ? pulumi.unsecret(
          pulumi
            .output(args as pulumi.Input<Record<string, unknown>>)
            .apply((plain) => planServiceMonitors(plain, ctx)),
        )
      : undefined;
    const fromLater = <T>(sources: string[], pick: (p: ServiceMonitorsPlan) => T): pulumi.Output<T> =>
      pulumi
        .all([later!, pulumi.output(sources.map((path) => inputAt(args, path)))])
        .apply(([p]) => pick(p as ServiceMonitorsPlan));
    this.monitors = {};
    for (const m of now.monitors) {
      const monitorArgs: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(m.args))
        monitorArgs[field] = containsUnknown(value)
          ? fromLater(m.sources[field] ?? [], (p) => p.monitors.find((x) => x.key === m.key)?.args[field])
          : value;
      this.monitors[m.key] = new Monitor(m.resourceName, monitorArgs as never, {
        parent: this,
        aliases: m.formerResourceName ? [{ name: m.formerResourceName }] : [],
      });
    }
    const each = <T>(pick: (mon: Monitor) => pulumi.Output<T>) =>
      pulumi.all(Object.fromEntries(Object.entries(this.monitors).map(([k, mon]) => [k, pick(mon)]))) as pulumi.Output<
        Record<string, T>
      >;
    this.monitorIds = each((mon) => mon.monitorId);
    this.monitorNames = each((mon) => mon.name);
    this.selector = isUnknown(now.selector)
      ? fromLater(["service", "environment"], (p) => p.selector)
      : pulumi.output(now.selector);
    this.registerOutputs({ monitorIds: this.monitorIds, monitorNames: this.monitorNames, selector: this.selector });
  }
}
