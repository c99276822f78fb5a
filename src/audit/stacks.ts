/**
 * The audit's reading of stacks, all through the `pulumi` CLI, so that every backend the CLI
 * reaches works: `pulumi stack ls --all --json` to list them and `pulumi stack export` to
 * read each. Export leaves secrets as ciphertext, so no passphrase or secrets provider is
 * needed.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runPulumi } from "../stack/run-pulumi";
import { RESOURCE_KINDS, type StackState, type StateResource } from "./classify";

/** How to run the CLI. */
export interface PulumiCli {
  /** The binary: a path, or a name looked up on PATH. */
  bin: string;
  /** Its environment (PULUMI_BACKEND_URL, PULUMI_HOME, cloud credentials...). */
  env: NodeJS.ProcessEnv;
}

/** The CLI to use: `explicit`, else `pulumi` on PATH, else the one a checkout builds into .tools. */
export function findPulumi(explicit: string | undefined, env: NodeJS.ProcessEnv): string {
  if (explicit) return explicit;
  for (const dir of (env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "pulumi"))) return join(dir, "pulumi");
  }
  const built = resolve(__dirname, "..", "..", ".tools", "pulumi", "bin", "pulumi");
  return existsSync(built) ? built : "pulumi";
}

/** The CLI's environment: the caller's, without uptime settings, and no update checks or prompts. */
export function cliEnv(env: NodeJS.ProcessEnv, backend: string | undefined): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  // The CLI needs none of the provider's settings: the API key stays in this process.
  for (const [k, v] of Object.entries(env)) if (!k.startsWith("UPTIME_")) out[k] = v;
  out.PULUMI_SKIP_UPDATE_CHECK = "true";
  if (backend) out.PULUMI_BACKEND_URL = backend;
  return out;
}

function run(cli: PulumiCli, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Away from any project directory, whose Pulumi.yaml could name another backend.
  return runPulumi(cli.bin, [...args, "--non-interactive", "--color", "never"], { cwd: tmpdir(), env: cli.env }).then(
    ({ code, stdout, stderr, failure }) => ({ code, stdout, stderr: stderr || failure?.message || "" }),
  );
}

/** The CLI's own words, one line, with credentials in URLs masked. */
export function reasonOf(stderr: string): string {
  const text = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("; ");
  return redactUrls(text) || "the pulumi CLI failed without a message";
}

/** Masks `user:password@` in URLs (a PostgreSQL backend URL carries its password). */
export function redactUrls(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, "$1***@");
}

/** Fully qualified: `<org>/<project>/<stack>` (a file backend without orgs says `organization`). */
export function qualify(name: string): string {
  const parts = name.split("/");
  return parts.length === 2 ? `organization/${name}` : name;
}

export class BackendError extends Error {}

/** How many `pulumi stack export` the audit runs at once (B11's floor runs as many). */
export const STACK_READS_AT_ONCE = 4;

/**
 * Every stack of the backend, fully qualified. A file backend lists no stack at all when one
 * checkpoint is corrupt (the CLI loads each), so for `file://` backends a failed list falls
 * back to the stack files themselves, each then read (and reported) on its own.
 * @throws BackendError when the CLI cannot reach the backend.
 */
export async function listStacks(cli: PulumiCli): Promise<string[]> {
  // Fully qualified whatever the directory: inside a project the CLI elides its org and project.
  const r = await run(cli, ["stack", "ls", "--all", "--json", "--fully-qualify-stack-names"]);
  if (r.code === 0) {
    let list: { name?: string }[];
    try {
      list = JSON.parse(r.stdout) as { name?: string }[];
    } catch {
      throw new BackendError(`pulumi stack ls --all --json printed no JSON: ${reasonOf(r.stdout.slice(0, 200))}`);
    }
    return list.flatMap((s) => (typeof s.name === "string" ? [qualify(s.name)] : [])).sort();
  }
  const fileStacks = fileBackendStacks(cli.env.PULUMI_BACKEND_URL);
  if (fileStacks) return fileStacks;
  throw new BackendError(reasonOf(r.stderr));
}

/** The stacks of a `file://` backend from its directory, or undefined (another backend, or not there). */
export function fileBackendStacks(url: string | undefined): string[] | undefined {
  if (!url?.startsWith("file://")) return undefined;
  let dir: string;
  try {
    dir = url === "file://~" || url.startsWith("file://~/") ? url.slice(7) : fileURLToPath(url.split("?")[0]);
  } catch {
    return undefined;
  }
  if (dir.startsWith("~")) dir = join(process.env.HOME ?? "", dir.slice(1));
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

/**
 * One stack's uptime-relevant state via `pulumi stack export`, or why it could not be read.
 */
export async function readStack(cli: PulumiCli, stack: string): Promise<StackState> {
  const r = await run(cli, ["stack", "export", "--stack", stack]);
  if (r.code !== 0) return { stack, error: reasonOf(r.stderr) };
  let parsed: { deployment?: { resources?: StateResource[] } };
  try {
    parsed = JSON.parse(r.stdout) as typeof parsed;
  } catch (err) {
    return { stack, error: `the exported state is not valid JSON (${(err as Error).message})` };
  }
  const resources = parsed?.deployment?.resources ?? [];
  if (!Array.isArray(resources)) return { stack, error: "the exported state has no list of resources" };
  // Only what the findings read is kept: a hundred stacks' whole states would sit in memory.
  return { stack, resources: resources.filter(isUptimeResource).map(slim) };
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
