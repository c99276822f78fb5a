/**
 * The provider settings of a stack, as a provider of it would have them:
 * - the stack's config `uptime:*` (what the dynamic provider and a default provider read);
 * - for a monitor of the provider plugin, its provider resource (`pulumi:providers:uptime`),
 *   the default one or one the program declares: that resource's inputs in the state are its
 *   settings (`baseUrl`, `apiKey`, `requestsPerMinute`, ...), secrets opened as
 *   `pulumi stack export --show-secrets` gives them.
 * What either leaves out comes from the environment (`UPTIME_*`), as in the providers.
 */
import { CONFIG_KEYS, ENV_VARS, type ProviderSettings } from "../runtime/config";
import { PROVIDER_TYPE } from "../schemas/type-tokens";
import { urnName } from "../util/urn";
import { withHeldDefaults } from "../runtime/held-defaults";
import { openSecrets } from "./open-secrets";
import { isProjectDir } from "./project";
import type { StackTarget } from "./pulumi-command";
import { readStackConfig } from "./stack-config";
import type { StateResource } from "./state-resource";

type SettingName = keyof typeof CONFIG_KEYS;
const SETTINGS = Object.keys(CONFIG_KEYS) as SettingName[];

/** A setting as the provider reads it: a string, or a number for the numeric ones; empty is unset. */
function settingValue(v: unknown): string | number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") return v;
  return undefined;
}

/** The settings a stack's config (`uptime:*`, decrypted) gives, those it sets. */
function configSettings(config: ReadonlyMap<string, string>): ProviderSettings {
  const out: Record<string, string | number | undefined> = {};
  for (const key of SETTINGS) {
    const v = settingValue(config.get(CONFIG_KEYS[key]));
    if (v !== undefined) out[key] = v;
  }
  return out as ProviderSettings;
}

/** The settings of the stack's config (`uptime:*`, decrypted), those it sets. */
async function readConfigSettings(target: StackTarget): Promise<ProviderSettings> {
  return configSettings(await readStackConfig(target));
}

/**
 * The `uptime:*` settings of the stack a command runs beside: `target.stack`, else the
 * selected stack of the Pulumi project in `target.cwd`; `{}` outside a project. Only a stack
 * asked for by name must be readable: otherwise a missing CLI or no selected stack gives `{}`.
 */
export async function configSettingsBeside(target: StackTarget): Promise<ProviderSettings> {
  if (!target.stack && !isProjectDir(target.cwd)) return {};
  try {
    return await readConfigSettings(target);
  } catch (err) {
    if (target.stack) throw err;
    return {};
  }
}

/** A monitor's settings, and where they come from, for messages. */
export interface SettingsSource {
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

/**
 * For a monitor of the state, the settings of the provider that manages it, with the
 * environment `env` filling what it leaves out.
 * @param resources Every resource of the state (read with secrets shown), providers included.
 * @param config The stack's config, decrypted (`uptime:*`).
 */
export function settingsResolver(
  resources: readonly StateResource[],
  config: ReadonlyMap<string, string>,
  env: NodeJS.ProcessEnv,
): (monitor: StateResource) => SettingsSource {
  const byUrn = new Map(resources.map((r) => [r.urn, r]));
  const fromConfig = configSettings(config) as Record<string, unknown>;
  return (monitor) => {
    const provider = providerOf(monitor.provider, byUrn);
    const inputs = provider
      ? withHeldDefaults(openSecrets(provider.inputs ?? {}, []).value as Record<string, unknown>)
      : undefined;
    const settings: Record<string, string | number | undefined> = {};
    for (const key of SETTINGS) {
      const given = settingValue(inputs ? inputs[key] : fromConfig[key]);
      settings[key] = given ?? settingValue(env[ENV_VARS[key]]);
    }
    const name = provider ? urnName(provider.urn) : undefined;
    return { settings: settings as ProviderSettings, from: name ? `provider "${name}"` : "the stack's config" };
  };
}
