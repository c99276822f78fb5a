/**
 * What `maintenance` reads of a Pulumi stack: the monitors its state holds, each with the
 * settings of the provider that manages it, and the stack's `uptime:*` config. The one
 * place this command reaches the stack-reading code.
 */
import { CONFIG_KEYS, type ProviderSettings } from "../runtime/config";
import { isProjectDir, readStackConfig, SourceError, type StackTarget } from "../export/stack";
import { monitorResources, stateResources } from "../cli/test-stack";
import { settingsResolver } from "../cli/verify-settings";
import { urnName } from "../util/urn";

export { SourceError as StackReadError, type StackTarget };

/** A monitor of a stack's state, and the settings of its provider (which may hold the key: never print them). */
export interface StackMonitor {
  id: number;
  name: string;
  settings: ProviderSettings;
  /** Where the settings come from, for messages: `provider "prod"`, `the stack's config`. */
  from: string;
}

/** The monitors `target.stack`'s state holds; a StackReadError when the stack cannot be read. */
export async function stackMonitors(target: StackTarget): Promise<StackMonitor[]> {
  const [resources, config] = await Promise.all([stateResources(target), readStackConfig(target)]);
  const settingsOf = settingsResolver(resources, config, target.env);
  return monitorResources(resources).flatMap((r) => {
    const outs = r.outputs ?? {};
    const id = Number(outs.monitorId ?? r.id);
    if (!Number.isInteger(id) || id <= 0) return [];
    const { settings, from } = settingsOf(r);
    return [{ id, name: typeof outs.name === "string" ? outs.name : urnName(r.urn), settings, from }];
  });
}

/**
 * The `uptime:*` settings of the stack the command runs beside: `target.stack`, else the
 * selected stack of the Pulumi project in `target.cwd`; `{}` outside a project. Only a
 * stack asked for by name must be readable.
 */
export async function stackConfigSettings(target: StackTarget): Promise<ProviderSettings> {
  if (!target.stack && !isProjectDir(target.cwd)) return {};
  try {
    const config = await readStackConfig(target);
    return Object.fromEntries(
      Object.entries(CONFIG_KEYS).flatMap(([key, configKey]) => {
        const v = config.get(configKey);
        return v !== undefined && v.trim() !== "" ? [[key, v]] : [];
      }),
    ) as ProviderSettings;
  } catch (err) {
    if (target.stack) throw err;
    return {};
  }
}
