/**
 * The stacks of a backend, fully qualified, through `pulumi stack ls --all`, so that every
 * backend the CLI reaches works.
 */
import { fileBackendOf, type FileBackend } from "./file-backend";
import { pulumiOutput, reasonOf, StackError, type StackTarget } from "./pulumi-command";

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
 * without naming that stack (Pulumi 3.248 to 3.274, diy backend's ListStacks). Two ways
 * around it: on a file backend a failed list falls back to its stack files (file-backend.ts),
 * each stack then read (and reported) on its own; and `project` narrows what the CLI reads,
 * since it filters by project before it reads checkpoints.
 * @param backend The backend, read directly when it is a file backend: pass the run's own, so
 *   that its URL is asked for and its stack files listed once however many lists fail.
 * @throws StackError when the CLI cannot list them (the backend, or one checkpoint) and the
 *   backend is not a file backend whose stack files list.
 */
export async function listStacks(
  target: Omit<StackTarget, "stack">,
  project?: string,
  backend: FileBackend = fileBackendOf(target),
): Promise<string[]> {
  const scope = project === undefined ? ["--all"] : ["--project", project];
  let text: string;
  try {
    // Fully qualified whatever the directory: inside a project the CLI elides its org and project.
    text = await pulumiOutput(target, ["stack", "ls", ...scope, "--json", "--fully-qualify-stack-names"]);
  } catch (err) {
    if (!(err instanceof StackError)) throw err;
    const files = await backend.stacks();
    if (!files?.length) throw err;
    return project === undefined ? files : files.filter((s) => s.split("/")[1] === project);
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
