/**
 * The settings `verify` reaches the service with, for each monitor of the stack's state:
 * those of the provider that manages it, as that provider would have them.
 * - A monitor of the provider plugin names its provider resource (`pulumi:providers:uptime`),
 *   the default one or one the program declares; that resource's inputs in the state are its
 *   settings (`baseUrl`, `apiKey`, `requestsPerMinute`, ...), secrets opened as `pulumi stack
 *   export --show-secrets` gives them. A default provider's inputs are the stack's `uptime:*`.
 * - A monitor of the dynamic provider has the stack's config `uptime:*`.
 * What either leaves out comes from the environment (`UPTIME_*`), as in the providers.
 */
import { CONFIG_KEYS, ENV_VARS, type ProviderSettings } from "../runtime/config";
import { open, type StateResource } from "./test-stack";
import { PROVIDER_TYPE } from "../schemas/type-tokens";
import { urnName } from "../util/urn";

type SettingName = keyof typeof CONFIG_KEYS;
const SETTINGS = Object.keys(CONFIG_KEYS) as SettingName[];

/** Where a monitor's settings come from, for messages: the provider resource, or the stack's config. */
interface SettingsSource {
  settings: ProviderSettings;
  /** `provider "prod-account"`, or `the stack's config`. */
  from: string;
}

/** The provider resource a state resource's `provider` reference names (`<urn>::<id>`), when it is in the state. */
function providerOf(ref: string | undefined, byUrn: ReadonlyMap<string, StateResource>): StateResource | undefined {
  if (!ref) return undefined;
  const urn = ref.slice(0, ref.lastIndexOf("::"));
  const p = byUrn.get(urn);
  return p && p.type === PROVIDER_TYPE ? p : undefined;
}

/** A setting as the provider reads it: a string, or a number for the numeric ones; empty is unset. */
function settingValue(v: unknown): string | number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") return v;
  return undefined;
}

/**
 * For a monitor of the state, the settings of the provider that manages it, with the
 * environment `env` filling what it leaves out.
 * @param resources Every resource of the state, providers included.
 * @param config The stack's config, decrypted (`uptime:*`).
 */
export function settingsResolver(
  resources: readonly StateResource[],
  config: ReadonlyMap<string, string>,
  env: NodeJS.ProcessEnv,
): (monitor: StateResource) => SettingsSource {
  const byUrn = new Map(resources.map((r) => [r.urn, r]));
  return (monitor) => settingsOf(monitor, byUrn, config, env);
}

function settingsOf(
  monitor: StateResource,
  byUrn: ReadonlyMap<string, StateResource>,
  config: ReadonlyMap<string, string>,
  env: NodeJS.ProcessEnv,
): SettingsSource {
  const provider = providerOf(monitor.provider, byUrn);
  const inputs = provider ? (open(provider.inputs ?? {}, []).value as Record<string, unknown>) : undefined;
  const settings: Record<string, string | number | undefined> = {};
  for (const key of SETTINGS) {
    const given = inputs ? settingValue(inputs[key]) : settingValue(config.get(CONFIG_KEYS[key]));
    settings[key] = given ?? settingValue(env[ENV_VARS[key]]);
  }
  const name = provider ? urnName(provider.urn) : undefined;
  return { settings: settings as ProviderSettings, from: name ? `provider "${name}"` : "the stack's config" };
}
