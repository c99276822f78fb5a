/**
 * Which `pulumi` binary to run, and the environment to run it in, for the commands that
 * read stacks of a backend they name (the audit).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** The CLI to use: `explicit`, else `pulumi` on PATH, else the one a checkout builds into .tools. */
export function findPulumi(explicit: string | undefined, env: NodeJS.ProcessEnv): string {
  if (explicit) return explicit;
  for (const dir of (env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "pulumi"))) return join(dir, "pulumi");
  }
  // dist/stack/ → the checkout's root.
  const built = resolve(__dirname, "..", "..", ".tools", "pulumi", "bin", "pulumi");
  return existsSync(built) ? built : "pulumi";
}

/** The CLI's environment: the caller's, without uptime settings, and no update checks; `backend` when given. */
export function pulumiEnv(env: NodeJS.ProcessEnv, backend?: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  // The CLI needs none of the provider's settings: the API key stays in this process.
  for (const [k, v] of Object.entries(env)) if (!k.startsWith("UPTIME_")) out[k] = v;
  out.PULUMI_SKIP_UPDATE_CHECK = "true";
  if (backend) out.PULUMI_BACKEND_URL = backend;
  return out;
}
