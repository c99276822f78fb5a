/**
 * The stacks of a backend, fully qualified, through `pulumi stack ls --all`, so that every
 * backend the CLI reaches works.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
 * without naming that stack (Pulumi 3.248, diy backend's ListStacks). Two ways around it:
 * for `file://` backends a failed list falls back to the stack files themselves, each then
 * read (and reported) on its own; elsewhere `project` narrows what the CLI reads, since it
 * filters by project before it reads checkpoints.
 * @throws StackError when the CLI cannot list them (the backend, or one checkpoint).
 */
export async function listStacks(target: Omit<StackTarget, "stack">, project?: string): Promise<string[]> {
  const scope = project === undefined ? ["--all"] : ["--project", project];
  let text: string;
  try {
    // Fully qualified whatever the directory: inside a project the CLI elides its org and project.
    text = await pulumiOutput(target, ["stack", "ls", ...scope, "--json", "--fully-qualify-stack-names"]);
  } catch (err) {
    const fileStacks = fileBackendStacks(target.env.PULUMI_BACKEND_URL);
    if (fileStacks && err instanceof StackError)
      return project === undefined ? fileStacks : fileStacks.filter((s) => s.split("/")[1] === project);
    throw err;
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

/** The directory of a `file://` backend URL (`~` is the home directory), or undefined for another backend. */
export function fileBackendDir(url: string | undefined): string | undefined {
  if (!url?.startsWith("file://")) return undefined;
  let dir: string;
  try {
    dir = url === "file://~" || url.startsWith("file://~/") ? url.slice(7) : fileURLToPath(url.split("?")[0]);
  } catch {
    return undefined;
  }
  return dir.startsWith("~") ? join(process.env.HOME ?? "", dir.slice(1)) : dir;
}

/** The stacks of a `file://` backend from its directory, or undefined (another backend, or not there). */
function fileBackendStacks(url: string | undefined): string[] | undefined {
  const dir = fileBackendDir(url);
  if (dir === undefined) return undefined;
  const root = join(dir, ".pulumi", "stacks");
  if (!existsSync(root)) return undefined;
  const names = new Set<string>();
  const stackName = (f: string) => /^(.+)\.json(\.gz)?$/.exec(f)?.[1];
  for (const entry of readdirSync(root)) {
    const p = join(root, entry);
    if (statSync(p).isDirectory()) {
      // Project-scoped layout: stacks/<project>/<stack>.json
      for (const f of readdirSync(p)) {
        const s = stackName(f);
        if (s) names.add(`organization/${entry}/${s}`);
      }
    }
  }
  return [...names].sort();
}
