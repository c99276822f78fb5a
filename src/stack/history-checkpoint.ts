/**
 * A file backend's earlier checkpoints: after each update the CLI copies the stack's
 * checkpoint to `.pulumi/history/<project>/<stack>/<stack>-<unix nanoseconds>.checkpoint.json`
 * (`.gz` when the backend compresses; Pulumi 3.248, diy backend's addToHistory). When the
 * current checkpoint cannot be read, the newest of these that can is the stack's last good
 * state. Read straight from the directory: the CLI has no command that reads them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { fileBackendDir } from "./list-stacks";
import type { StateResource } from "./state-resource";

/** The last checkpoint of a stack's history that reads, with where it came from. */
interface HistoryCheckpoint {
  /** Its path, relative to the backend's directory. */
  file: string;
  /** When the update that wrote it ended (from its name), RFC 3339. */
  savedAt: string;
  resources: StateResource[];
}

const NAME = /^(.+)-(\d+)\.checkpoint\.json(\.gz)?$/;

/**
 * The newest readable history checkpoint of `stack` (fully qualified) on the `file://` backend
 * `backendUrl`, or undefined: another backend, no history, or none that reads.
 */
export function lastGoodCheckpoint(backendUrl: string | undefined, stack: string): HistoryCheckpoint | undefined {
  const dir = fileBackendDir(backendUrl);
  const [, project, name] = stack.split("/");
  if (dir === undefined || !project || !name) return undefined;
  const rel = join(".pulumi", "history", project, name);
  const root = join(dir, rel);
  if (!existsSync(root)) return undefined;
  const candidates = readdirSync(root)
    .map((f) => ({ f, m: NAME.exec(f) }))
    .filter(({ m }) => m && m[1] === name)
    .sort((a, b) => (BigInt(b.m![2]) > BigInt(a.m![2]) ? 1 : -1));
  for (const { f, m } of candidates) {
    const resources = checkpointResources(join(root, f), !!m![3]);
    if (!resources) continue;
    const savedAt = new Date(Number(BigInt(m![2]) / 1_000_000n)).toISOString();
    return { file: join(rel, f), savedAt, resources };
  }
  return undefined;
}

/** The resources of a checkpoint file (`{ version, checkpoint: { latest: { resources } } }`), or undefined. */
function checkpointResources(path: string, gzipped: boolean): StateResource[] | undefined {
  try {
    const bytes = readFileSync(path);
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
