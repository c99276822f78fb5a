/**
 * Where a self-managed backend keeps what (Pulumi 3.248, diy backend, project-scoped layout):
 * a stack's checkpoint at `.pulumi/stacks/<project>/<stack>.json` (`.gz` or `.zst` when compressed) and,
 * after each update, a copy at `.pulumi/history/<project>/<stack>/<stack>-<unix ns>.checkpoint.json`.
 * Stacks of the legacy layout (`.pulumi/stacks/<stack>.json`, no project) are not named here.
 */

export const STACKS_PREFIX = ".pulumi/stacks/";

// The CLI takes YAML checkpoints too, and skips anything else there (`.bak` copies).
const STACK_KEY = /^\.pulumi\/stacks\/([^/]+)\/([^/]+)\.(json|yaml|yml)(\.gz|\.zst)?$/;

/** The stacks the checkpoint keys name, fully qualified (`organization/<project>/<stack>`), sorted. */
export function stacksOfKeys(keys: readonly string[]): string[] {
  const names = new Set<string>();
  for (const key of keys) {
    const m = STACK_KEY.exec(key);
    if (m) names.add(`organization/${m[1]}/${m[2]}`);
  }
  return [...names].sort();
}

/** Where the earlier checkpoints of `project`/`stack` are. */
export function historyPrefix(project: string, stack: string): string {
  return `.pulumi/history/${project}/${stack}/`;
}

const HISTORY_NAME = /^(.+)-(\d+)\.checkpoint\.json(\.gz)?$/;

/** A history key of `stack`, newest first by the time in its name. */
interface HistoryKey {
  key: string;
  /** Unix nanoseconds from the name. */
  savedNs: bigint;
  gzipped: boolean;
}

/** The history keys of `stack` (its own name; not `.zst`), newest first. */
export function historyKeys(keys: readonly string[], stack: string): HistoryKey[] {
  return keys
    .flatMap((key) => {
      const m = HISTORY_NAME.exec(key.slice(key.lastIndexOf("/") + 1));
      return m && m[1] === stack ? [{ key, savedNs: BigInt(m[2]), gzipped: !!m[3] }] : [];
    })
    .sort((a, b) => (b.savedNs > a.savedNs ? 1 : b.savedNs < a.savedNs ? -1 : 0));
}
