/**
 * What the rules read of the plugin's provider resources (`pulumi:providers:uptime`, the
 * default one made from stack config and each one a program declares): the request headers
 * of their `defaults` setting, by name. As for a monitor, header values are left out.
 */
import { PROVIDER_TYPE } from "pulumi-uptime/type-tokens";
import type { HeaderView, SecretAt } from "./monitor-view";

export interface ProviderView {
  /** The provider's logical name (`default` for the one made from stack config), for messages. */
  resource: string;
  type: string;
  /** The headers of its `defaults`; their values are not read. */
  defaultHeaders: HeaderView[];
}

/** Whether a type token is the uptime provider's. */
export function isProviderType(type: string): boolean {
  return type === PROVIDER_TYPE;
}

/** The `defaults` setting as an object: stack config hands it to a default provider as JSON text. */
function defaultsObject(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  return typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : undefined;
}

/**
 * Builds the view from a provider's settings as the policy SDK hands them. The provider records
 * `defaults` without its header values and leaves it unmarked, so the engine marks it (or its
 * header list) secret exactly when the program or stack config gave secrets there: a header
 * counts as secret when its value, its list or the whole setting is marked. Stack config
 * reaches the engine as JSON text, marked as a whole.
 */
export function providerView(
  type: string,
  resource: string,
  props: Record<string, unknown>,
  secretAt: SecretAt,
): ProviderView {
  const defaults = defaultsObject(props.defaults) ?? {};
  // The setting takes program names or wire names; the engine's marks follow the name given.
  const name = ["requestHeaders", "request_headers"].find((n) => Array.isArray(defaults[n])) ?? "requestHeaders";
  const headers = Array.isArray(defaults[name]) ? (defaults[name] as unknown[]) : [];
  return {
    resource,
    type,
    defaultHeaders: headers.map((h, i) => ({
      key: String((h as { key?: unknown })?.key ?? ""),
      secret: secretAt(["defaults", name, i, "value"]),
    })),
  };
}
