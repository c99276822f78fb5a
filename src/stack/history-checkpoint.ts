/**
 * A self-managed backend's earlier checkpoints: after each update the CLI copies the stack's
 * checkpoint to `.pulumi/history/<project>/<stack>/<stack>-<unix nanoseconds>.checkpoint.json`
 * (`.gz` when the backend compresses; Pulumi 3.248, diy backend's addToHistory). When the
 * current checkpoint cannot be read, the newest of these that can is the stack's last good
 * state. Read from the backend's objects: the CLI has no command that reads them.
 */
import { gunzipSync } from "node:zlib";
import { BackendStoreError, type BackendStore } from "./store/backend-store";
import { historyKeys, historyPrefix } from "./store/diy-layout";
import type { StateResource } from "./state-resource";

/** The last checkpoint of a stack's history that reads, with where it came from. */
interface HistoryCheckpoint {
  /** Its key, relative to the backend's root. */
  file: string;
  /** When the update that wrote it ended (from its name), RFC 3339. */
  savedAt: string;
  resources: StateResource[];
}

/**
 * The newest readable history checkpoint of `stack` (fully qualified) in `store`, or
 * undefined: no store, no history, none that reads, or a store that cannot be read.
 */
export async function lastGoodCheckpoint(
  store: BackendStore | undefined,
  stack: string,
): Promise<HistoryCheckpoint | undefined> {
  const [, project, name] = stack.split("/");
  if (store === undefined || !project || !name) return undefined;
  try {
    for (const { key, savedNs, gzipped } of historyKeys(await store.list(historyPrefix(project, name)), name)) {
      const resources = checkpointResources(await store.read(key), gzipped);
      if (!resources) continue;
      const savedAt = new Date(Number(savedNs / 1_000_000n)).toISOString();
      return { file: key, savedAt, resources };
    }
  } catch (err) {
    // The stack is unreadable already; a history out of reach only means no stand-in.
    if (!(err instanceof BackendStoreError)) throw err;
  }
  return undefined;
}

/** The resources of a checkpoint (`{ version, checkpoint: { latest: { resources } } }`), or undefined. */
function checkpointResources(bytes: Buffer | undefined, gzipped: boolean): StateResource[] | undefined {
  if (!bytes) return undefined;
  try {
    const parsed = JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString("utf8")) as {
      checkpoint?: { latest?: { resources?: unknown } | null };
    };
    if (!parsed?.checkpoint) return undefined;
    const resources = parsed.checkpoint.latest?.resources ?? [];
    return Array.isArray(resources) ? (resources as StateResource[]) : undefined;
  } catch {
    return undefined;
  }
}
