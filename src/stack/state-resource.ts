/**
 * A stack's state, as `pulumi stack export` writes it: its resources, read with secrets
 * left as ciphertext (no passphrase or secrets provider needed) or opened (`--show-secrets`:
 * the caller keeps the result in memory only).
 */
import { pulumiOutput, StackError, type StackTarget } from "./pulumi-command";
import { typesOf } from "../schemas/type-tokens";

/** A resource of a stack's state (a checkpoint's `deployment.resources[]`): the fields this project reads. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  /** False for component resources (the stack itself, components). */
  custom?: boolean;
  /** Read with `Monitor.get`: the stack refers to the object but does not manage it. */
  external?: boolean;
  /** A replaced resource waiting for deletion. */
  delete?: boolean;
  /** The provider that manages it: `<provider URN>::<provider id>`. */
  provider?: string;
  /** When the engine last changed the resource's state (RFC 3339). */
  modified?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** Resource types of a monitor: the provider plugin's, and the dynamic provider's. */
export const MONITOR_TYPES: ReadonlySet<string> = new Set(typesOf("Monitor"));

/** The monitors among `resources`, without those pending deletion. */
export function monitorResources(resources: readonly StateResource[]): StateResource[] {
  return resources.filter((r) => MONITOR_TYPES.has(r.type) && !r.delete);
}

/**
 * Every resource of the stack's state (the last update's). With `showSecrets`, secret
 * values are in plain text (each in its secret envelope: open-secrets.ts): keep them in memory only.
 * @throws StackError when the CLI cannot read the stack, or its output is not a state.
 */
export async function exportState(target: StackTarget, options: { showSecrets: boolean }): Promise<StateResource[]> {
  const args = ["stack", "export", ...(options.showSecrets ? ["--show-secrets"] : [])];
  const text = await pulumiOutput(target, args);
  let parsed: { deployment?: { resources?: unknown } } | null;
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch (err) {
    const reason = `the exported state is not valid JSON (${(err as Error).message})`;
    throw new StackError(reason, reason);
  }
  const resources = parsed?.deployment?.resources ?? [];
  if (!Array.isArray(resources)) {
    const reason = "the exported state has no list of resources";
    throw new StackError(reason, reason);
  }
  return resources as StateResource[];
}
