/**
 * A `file://` backend read directly, for the two things the CLI cannot give when one of its
 * checkpoints is corrupt (Pulumi 3.248 to 3.274, diy backend): the names of its stacks
 * (`pulumi stack ls` reads every checkpoint and fails as a whole on the first it cannot read)
 * and its earlier checkpoints (`pulumi stack history` gives the updates without their states,
 * and `pulumi stack export --version` is Pulumi Cloud's only). Where the CLI keeps them, in the
 * project-scoped layout: a stack's checkpoint at `.pulumi/stacks/<project>/<stack>.json`
 * (`.gz`, `.zst`, YAML too) and, after each update, a copy at
 * `.pulumi/history/<project>/<stack>/<stack>-<unix nanoseconds>.checkpoint.json` (`.gz`).
 * The other self-managed backends (S3, Azure Blob, GCS, PostgreSQL) are read through the CLI only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { backendUrlOf } from "./backend-url";
import type { StackTarget } from "./pulumi-command";
import type { StateResource } from "./state-resource";

/** The last checkpoint of a stack's history that reads, with where it came from. */
interface HistoryCheckpoint {
  /** Its path, relative to the backend's directory. */
  file: string;
  /** When the update that wrote it ended (from its name), RFC 3339. */
  savedAt: string;
  resources: StateResource[];
}

/** The backend one run of a command reaches, read directly when it is a file backend. */
export interface FileBackend {
  /**
   * The stacks its stack files name, fully qualified and sorted; undefined when the backend
   * is not a file backend or its stack files cannot be listed. Listed once, when first asked.
   */
  stacks(): Promise<string[] | undefined>;
  /** The newest history checkpoint of `stack` (fully qualified) that reads, or undefined. */
  lastGoodCheckpoint(stack: string): Promise<HistoryCheckpoint | undefined>;
}

/**
 * The backend `target` reaches (PULUMI_BACKEND_URL, else `pulumi whoami`, asked once and only
 * when first needed). Pass one to every list and read of a run.
 */
export function fileBackendOf(target: Omit<StackTarget, "stack">): FileBackend {
  let dir: Promise<string | undefined> | undefined;
  let stacks: Promise<string[] | undefined> | undefined;
  const dirOnce = () => (dir ??= backendUrlOf(target).then(fileBackendDir));
  return {
    stacks: () => (stacks ??= dirOnce().then((d) => (d === undefined ? undefined : stackFiles(d)))),
    lastGoodCheckpoint: async (stack) => {
      const d = await dirOnce();
      return d === undefined ? undefined : lastGood(d, stack);
    },
  };
}

/** The directory of a `file://` backend URL (`~` is the home directory), or undefined for another backend. */
function fileBackendDir(url: string | undefined): string | undefined {
  if (!url?.startsWith("file://")) return undefined;
  let dir: string;
  try {
    dir = url === "file://~" || url.startsWith("file://~/") ? url.slice(7) : fileURLToPath(url.split("?")[0]);
  } catch {
    return undefined;
  }
  return dir.startsWith("~") ? join(process.env.HOME ?? "", dir.slice(1)) : dir;
}

// The CLI takes YAML checkpoints too, and skips anything else there (`.bak` copies).
const STACK_FILE = /^(.+)\.(json|yaml|yml)(\.gz|\.zst)?$/;

/** `organization/<project>/<stack>` for each stack file, sorted; undefined when they cannot be listed. */
function stackFiles(dir: string): string[] | undefined {
  const names = new Set<string>();
  try {
    for (const project of subdirectories(join(dir, ".pulumi", "stacks"))) {
      for (const file of readdirSync(join(dir, ".pulumi", "stacks", project), { withFileTypes: true })) {
        const m = file.isFile() ? STACK_FILE.exec(file.name) : null;
        if (m) names.add(`organization/${project}/${m[1]}`);
      }
    }
  } catch {
    return undefined;
  }
  return [...names].sort();
}

function subdirectories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : []));
}

const HISTORY_FILE = /^(.+)-(\d+)\.checkpoint\.json(\.gz)?$/;

/** The newest of `stack`'s history checkpoints in `dir` that reads (its own name's; not `.zst`). */
function lastGood(dir: string, stack: string): HistoryCheckpoint | undefined {
  const [, project, name] = stack.split("/");
  if (!project || !name) return undefined;
  const folder = `.pulumi/history/${project}/${name}/`;
  let files: { file: string; savedNs: bigint; gzipped: boolean }[];
  try {
    files = readdirSync(join(dir, folder)).flatMap((f) => {
      const m = HISTORY_FILE.exec(f);
      return m && m[1] === name ? [{ file: folder + f, savedNs: BigInt(m[2]), gzipped: !!m[3] }] : [];
    });
  } catch {
    // No history (never updated), or out of reach: either way, no stand-in.
    return undefined;
  }
  files.sort((a, b) => (b.savedNs > a.savedNs ? 1 : b.savedNs < a.savedNs ? -1 : 0));
  for (const { file, savedNs, gzipped } of files) {
    const resources = checkpointResources(join(dir, file), gzipped);
    if (resources) return { file, savedAt: new Date(Number(savedNs / 1_000_000n)).toISOString(), resources };
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
