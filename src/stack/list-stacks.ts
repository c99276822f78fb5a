/**
 * The stacks of a backend, fully qualified, through `pulumi stack ls --all`, so that every
 * backend the CLI reaches works.
 */
import { backendObjects, type BackendObjects } from "./backend-objects";
import { pulumiOutput, reasonOf, StackError, type StackTarget } from "./pulumi-command";
import { BackendStoreError } from "./store/backend-store";

/** Fully qualified: `<org>/<project>/<stack>` (a file backend without orgs says `organization`). */
function qualify(name: string): string {
  const parts = name.split("/");
  return parts.length === 2 ? `organization/${name}` : name;
}

/**
 * Every stack of the backend `target.env` names (PULUMI_BACKEND_URL) or the CLI is logged in
 * to, fully qualified and sorted; with `project`, only that project's stacks.
 *
 * On a self-managed backend (file, S3, GCS, Azure Blob, PostgreSQL), `pulumi stack ls` reads
 * the checkpoint of every stack it lists and fails as a whole on the first it cannot read,
 * without naming that stack (Pulumi 3.248, diy backend's ListStacks). Two ways around it:
 * a failed list falls back to the backend's stack files themselves (its objects, read
 * beside the CLI: see store/), each stack then read (and reported) on its own; and
 * `project` narrows what the CLI reads, since it filters by project before it reads checkpoints.
 * @param backend The backend's objects: pass the run's own, so that its URL is asked for and
 *   its stack files listed once however many lists fail.
 * @throws StackError when the CLI cannot list them (the backend, or one checkpoint).
 */
export async function listStacks(
  target: Omit<StackTarget, "stack">,
  project?: string,
  backend: BackendObjects = backendObjects(target),
): Promise<string[]> {
  const scope = project === undefined ? ["--all"] : ["--project", project];
  let text: string;
  try {
    // Fully qualified whatever the directory: inside a project the CLI elides its org and project.
    text = await pulumiOutput(target, ["stack", "ls", ...scope, "--json", "--fully-qualify-stack-names"]);
  } catch (err) {
    if (!(err instanceof StackError)) throw err;
    const stored = await storeStacks(backend, err);
    if (!stored) throw err;
    return project === undefined ? stored : stored.filter((s) => s.split("/")[1] === project);
  }
  let list: { name?: string }[];
  try {
    list = JSON.parse(text) as { name?: string }[];
  } catch {
    const reason = `pulumi stack ls ${scope.join(" ")} --json printed no JSON: ${reasonOf(text.slice(0, 200))}`;
    throw new StackError(reason, reason);
  }
  return list.flatMap((s) => (typeof s.name === "string" ? [qualify(s.name)] : [])).sort();
}

/**
 * The stacks of the backend read from its objects (the CLI's list failed with `failure`), or
 * undefined when there is no store for it or it holds no stack.
 * @throws StackError when the store cannot be read either: the CLI's reason, then the store's.
 */
async function storeStacks(backend: BackendObjects, failure: StackError): Promise<string[] | undefined> {
  try {
    const names = await backend.stacks();
    return names?.length ? names : undefined;
  } catch (err) {
    if (!(err instanceof BackendStoreError)) throw err;
    const reason = `${failure.reason}; reading the backend's stack files failed too: ${err.reason}`;
    throw new StackError(reason, reason);
  }
}
