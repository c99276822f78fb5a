/**
 * Which stacks the audit reads: the backend's list filtered by `--stacks`, or, when the
 * backend cannot be listed as a whole, the list of each project the globs name.
 *
 * A self-managed backend (S3, GCS, Azure Blob, PostgreSQL; file too) lists its stacks by
 * reading every checkpoint, and one it cannot read fails the whole `pulumi stack ls` without
 * naming the stack. It filters by project before reading, so `pulumi stack ls --project P`
 * reads only P's checkpoints: globs that name their project are listed project by project,
 * and one broken project no longer hides the others.
 */
import { fileBackendOf, type FileBackend } from "../stack/file-backend";
import { listStacks } from "../stack/list-stacks";
import { StackError, type StackTarget } from "../stack/pulumi-command";
import type { UnreadableEntry } from "./classify";
import { literalProject, literalStack, selectStacks } from "./glob";

export interface StackSelection {
  /** The stacks to read, fully qualified. */
  selected: string[];
  /** Globs that matched no stack of a listed project. */
  unmatched: string[];
  /** Globs whose project could not be listed (nor named the stack in full): why, in the report's `unreadable`. */
  unlisted: UnreadableEntry[];
}

/** The backend's stack list failed, and the globs give no project to list on its own. */
export class StackListError extends Error {
  constructor(readonly reason: string) {
    super(`pulumi stack ls failed: ${reason}`);
    this.name = "StackListError";
  }
}

/**
 * The stacks of the backend `cli` reaches that `globs` select (all without globs).
 * @throws StackListError when the backend's list fails and not every glob names its project,
 *   or when no project's list could be read either.
 * @param backend The backend, read directly when a list fails on a file backend: found once for every list.
 */
export async function stacksToAudit(
  cli: Omit<StackTarget, "stack">,
  globs: readonly string[],
  backend: FileBackend = fileBackendOf(cli),
): Promise<StackSelection> {
  let whole: StackError;
  try {
    return { ...selectStacks(await listStacks(cli, undefined, backend), globs), unlisted: [] };
  } catch (err) {
    if (!(err instanceof StackError)) throw err;
    whole = err;
  }
  const projects = globs.map(literalProject);
  if (!globs.length || projects.some((p) => p === undefined)) throw new StackListError(whole.reason);

  const selected = new Set<string>();
  const unmatched: string[] = [];
  const unlisted: UnreadableEntry[] = [];
  let listedAny = false;
  for (const project of [...new Set(projects as string[])]) {
    const own = globs.filter((g) => literalProject(g) === project);
    try {
      const found = selectStacks(await listStacks(cli, project, backend), own);
      listedAny = true;
      for (const s of found.selected) selected.add(s);
      unmatched.push(...found.unmatched);
    } catch (err) {
      if (!(err instanceof StackError)) throw err;
      for (const g of own) {
        // A stack named in full is read on its own; its export says whether it reads.
        const name = literalStack(g);
        if (name) selected.add(name);
        else
          unlisted.push({
            stack: g,
            reason: `its stacks could not be listed: pulumi stack ls --project ${project} failed: ${err.reason}`,
          });
      }
    }
  }
  // Nothing listed and nothing named: the backend itself is out of reach, as the first error said.
  if (!listedAny && selected.size === 0) throw new StackListError(whole.reason);
  return { selected: [...selected].sort(), unmatched, unlisted };
}
