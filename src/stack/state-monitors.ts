/**
 * The monitors a stack's state holds, each with the service's id and the settings of the
 * provider that manages it: what a command needs to reach each monitor on its account
 * (`verify`, and commands that act on a stack's monitors).
 */
import { urnName } from "../util/urn";
import type { StackTarget } from "./pulumi-command";
import { settingsResolver, type SettingsSource } from "./provider-settings";
import { readStackConfig } from "./stack-config";
import { exportState, monitorResources, type StateResource } from "./state-resource";

/** A monitor of a stack's state. Its provider's settings may hold the API key: never print them. */
export interface StateMonitor {
  /** The service's id. */
  id: number;
  /** The monitor's name on the service (its `name` output), else its resource name. */
  name: string;
  /** The Pulumi resource name (the URN's last part). */
  resourceName: string;
  urn: string;
  /** The settings of the provider that manages it, the environment filling what it leaves out. */
  provider: SettingsSource;
  /** Its check interval in seconds (its `interval` output), when the state has it. */
  interval?: number;
  /** When the engine last changed it (epoch ms), when the state says. */
  modifiedMs?: number;
}

/**
 * The monitors among `resources` (a state read with secrets shown), without those pending
 * deletion or never created (no id).
 * @param config The stack's config, decrypted: the settings of monitors without a provider resource.
 * @param env What fills the settings that neither gives (`UPTIME_*`).
 */
export function monitorsInState(
  resources: readonly StateResource[],
  config: ReadonlyMap<string, string>,
  env: NodeJS.ProcessEnv,
): StateMonitor[] {
  const settingsOf = settingsResolver(resources, config, env);
  return monitorResources(resources).flatMap((r) => {
    const outs = r.outputs ?? {};
    // The plugin's resource id is the service's id; a dynamic resource also records it as `monitorId`.
    const id = Number(outs.monitorId ?? r.id);
    if (!Number.isInteger(id) || id <= 0) return [];
    const resourceName = urnName(r.urn);
    const modifiedMs = r.modified === undefined ? NaN : Date.parse(r.modified);
    return [
      {
        id,
        name: typeof outs.name === "string" ? outs.name : resourceName,
        resourceName,
        urn: r.urn,
        provider: settingsOf(r),
        interval: typeof outs.interval === "number" ? outs.interval : undefined,
        modifiedMs: Number.isFinite(modifiedMs) ? modifiedMs : undefined,
      },
    ];
  });
}

/**
 * The monitors the state of `target.stack` holds (its last update's), each with its
 * provider's settings: `pulumi stack export --show-secrets` and `pulumi config
 * --show-secrets`, read into memory only.
 * @throws StackError when the stack or its config cannot be read.
 */
export async function readStateMonitors(target: StackTarget): Promise<StateMonitor[]> {
  const [resources, config] = await Promise.all([exportState(target, { showSecrets: true }), readStackConfig(target)]);
  return monitorsInState(resources, config, target.env);
}
