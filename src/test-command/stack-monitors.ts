/**
 * The monitors of a Pulumi stack for `pulumi-uptime test`: as the program declares them
 * (the preview's plan), or as the last update left them (the state), both read with
 * secrets shown through src/stack, into memory only; every value that was secret is listed
 * with its monitor so that it is never printed.
 */
import { openSecrets } from "../stack/open-secrets";
import { plannedMonitors } from "../stack/preview-plan";
import type { StackTarget } from "../stack/pulumi-command";
import { exportState, monitorResources } from "../stack/state-resource";
import { urnName } from "../util/urn";
import { secretArgs, type DeclaredMonitor } from "./declared-monitor";

/** A monitor from a resource's inputs (as the provider's check left them). */
function monitorOf(urn: string, inputs: Record<string, unknown>): DeclaredMonitor {
  const secrets: string[] = [];
  const args: Record<string, unknown> = {};
  const unknown: Record<string, string> = {};
  for (const [k, v] of Object.entries(inputs)) {
    if (k.startsWith("__")) continue;
    const o = openSecrets(v, secrets);
    if (o.unknown) unknown[k] = "unknown until deploy";
    else args[k] = o.value;
  }
  return { resourceName: urnName(urn), args, unknown, secrets: [...secrets, ...secretArgs(args)] };
}

/**
 * The monitors the program declares, as `pulumi preview` sees them. A field whose value is
 * unknown until deploy (an output of another resource) is known as such, and a check that
 * needs it is skipped.
 */
export async function monitorsOfPreview(target: StackTarget): Promise<DeclaredMonitor[]> {
  return (await plannedMonitors(target)).map((m) => monitorOf(m.urn, m.state));
}

/** The monitors in the stack's state, as the last update declared them. */
export async function monitorsOfState(target: StackTarget): Promise<DeclaredMonitor[]> {
  const resources = monitorResources(await exportState(target, { showSecrets: true }));
  return resources.map((r) => monitorOf(r.urn, r.inputs ?? {}));
}
