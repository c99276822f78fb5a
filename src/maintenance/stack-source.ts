/**
 * What `maintenance` reads of a Pulumi stack, through src/stack: the monitors its state
 * holds, each with the settings of the provider that manages it, and the stack's
 * `uptime:*` config.
 */
import type { ProviderSettings } from "../runtime/config";
import { StackError, type StackTarget } from "../stack/pulumi-command";
import { readStateMonitors } from "../stack/state-monitors";

export { StackError };

/** A monitor of a stack's state, and the settings of its provider (which may hold the key: never print them). */
export interface StackMonitor {
  id: number;
  name: string;
  settings: ProviderSettings;
  /** Where the settings come from, for messages: `provider "prod"`, `the stack's config`. */
  from: string;
}

/** The monitors `target.stack`'s state holds; a StackError when the stack cannot be read. */
export async function stackMonitors(target: StackTarget): Promise<StackMonitor[]> {
  return (await readStateMonitors(target)).map((m) => ({ id: m.id, name: m.name, ...m.provider }));
}
