/**
 * What the rules read of a monitor: the same shape for both doors, whose monitors carry the
 * same input names (the plugin's `uptime:index:Monitor` and the dynamic resources'
 * `pulumi-nodejs:dynamic/uptime:Monitor`, both from `pulumi-uptime/type-tokens`). Header
 * values are left out on purpose: a rule never needs them, so no message can print one.
 */
import { dynamicType, pluginType } from "pulumi-uptime/type-tokens";
import { PLAINTEXT_HEADERS_KEY } from "pulumi-uptime/input-keys";

/** The type tokens of monitors, by door. */
export const MONITOR_TYPES = {
  plugin: pluginType("Monitor"),
  dynamic: dynamicType("Monitor"),
};

/**
 * A request header as the rules see it: its name, and whether the program sent its value as a
 * secret. Both doors' check keep every header value secret, so the engine's marks alone say
 * "secret" for all of them: the names the provider recorded as sent in plaintext decide.
 */
export interface HeaderView {
  key: string;
  secret: boolean;
}

export interface MonitorView {
  /** The resource's logical name in the program, for messages. */
  resource: string;
  /** Its type token. */
  type: string;
  name?: string;
  url?: string;
  interval?: number;
  sslAlertDays?: number;
  /** The channels of `alerts` (their targets are secrets and are not read). */
  alertChannels: string[];
  requestHeaders: HeaderView[];
  /** The `ServiceMonitors` component the monitor is a check of, by its resource name. */
  component?: string;
}

const COMPONENT_TYPE = pluginType("ServiceMonitors");

/** The name of the `ServiceMonitors` a parent URN names; undefined for any other parent. */
export function componentOf(parentUrn: string | undefined): string | undefined {
  const parts = parentUrn?.split("::") ?? [];
  if (parts.length < 4) return undefined;
  const type = parts[2].slice(parts[2].lastIndexOf("$") + 1);
  return type === COMPONENT_TYPE ? parts.slice(3).join("::") : undefined;
}

/** Whether a type token is one of our monitors. */
export function isMonitorType(type: string): boolean {
  return type === MONITOR_TYPES.plugin || type === MONITOR_TYPES.dynamic;
}

/** Whether the value at a path of the resource's inputs is a secret (or inside one). */
export type SecretAt = (path: readonly (string | number)[]) => boolean;

/** Builds the view from a monitor's inputs as the policy SDK hands them (secrets unwrapped). */
export function monitorView(
  type: string,
  resource: string,
  props: Record<string, unknown>,
  secretAt: SecretAt,
  parentUrn?: string,
): MonitorView {
  const headers = Array.isArray(props.requestHeaders) ? (props.requestHeaders as unknown[]) : [];
  const alerts = Array.isArray(props.alerts) ? (props.alerts as unknown[]) : [];
  const plain = props[PLAINTEXT_HEADERS_KEY];
  const plaintext = new Set(Array.isArray(plain) ? plain.map(String) : []);
  return {
    resource,
    type,
    name: typeof props.name === "string" ? props.name : undefined,
    url: typeof props.url === "string" ? props.url : undefined,
    interval: typeof props.interval === "number" ? props.interval : undefined,
    sslAlertDays: typeof props.sslAlertDays === "number" ? props.sslAlertDays : undefined,
    alertChannels: alerts.map((a) => String((a as { key?: unknown })?.key ?? "")),
    requestHeaders: headers.map((h, i) => {
      const key = String((h as { key?: unknown })?.key ?? "");
      return { key, secret: !plaintext.has(key) && secretAt(["requestHeaders", i, "value"]) };
    }),
    component: componentOf(parentUrn),
  };
}
