/**
 * The audit's reading of one stack: `pulumi stack export` without `--show-secrets` (secrets
 * stay ciphertext, so no passphrase or secrets provider is needed), keeping only what the
 * findings read, or why the stack could not be read (on a file backend, with its last good
 * history checkpoint read in its place when there is one).
 */
import { StackError, type StackTarget } from "../stack/pulumi-command";
import { exportState, type StateResource } from "../stack/state-resource";
import { serviceUrls } from "../stack/service-urls";
import { fileBackendOf, type FileBackend } from "../stack/file-backend";
import { RESOURCE_KINDS, type AuditedResource, type AuditedStack } from "./classify";

/** How many `pulumi stack export` the audit runs at once (B11's floor runs as many). */
export const STACK_READS_AT_ONCE = 4;

/**
 * One stack's uptime resources via `pulumi stack export`, or why it could not be read.
 * @param cli Where and how to run the CLI, on the backend to audit (its `stack` is ignored).
 * @param stack The stack, fully qualified.
 * @param backend The backend, whose history is read when it is a file backend: pass the run's
 *   own, so that the backend is found once however many stacks fail.
 */
export async function readStack(
  cli: StackTarget,
  stack: string,
  backend: FileBackend = fileBackendOf(cli),
): Promise<AuditedStack> {
  try {
    return { stack, resources: kept(await exportState({ ...cli, stack }, { showSecrets: false })) };
  } catch (err) {
    // Whatever went wrong with this stack, the others are still audited: it is listed unreadable.
    const reason = err instanceof StackError ? err.reason : `reading it failed: ${(err as Error).message}`;
    // A file backend keeps earlier checkpoints: the newest that reads stands in, said as such.
    const earlier = await backend.lastGoodCheckpoint(stack);
    if (!earlier) return { stack, error: reason };
    return {
      stack,
      resources: kept(earlier.resources),
      fromHistory: { reason, checkpoint: earlier.file, savedAt: earlier.savedAt },
    };
  }
}

/** Only what the findings read: a hundred stacks' whole states would sit in memory. */
function kept(resources: readonly StateResource[]): AuditedResource[] {
  const urlOf = serviceUrls(resources);
  return resources.filter(isUptimeResource).map((r) => ({ ...slim(r), serviceUrl: urlOf(r) }));
}

function isUptimeResource(r: unknown): r is StateResource {
  return !!r && typeof r === "object" && Object.hasOwn(RESOURCE_KINDS, (r as StateResource).type);
}

/** The fields `holdings` reads, and of the outputs only the service's id (the fallback for `id`). */
function slim(r: StateResource): StateResource {
  const { urn, type, id, custom, external, delete: pendingDelete } = r;
  const outputs: Record<string, unknown> = {};
  for (const k of ["monitorId", "incidentId"]) if (r.outputs?.[k] !== undefined) outputs[k] = r.outputs[k];
  return { urn, type, id, custom, external, delete: pendingDelete, outputs };
}
