/** The backend a CLI invocation reaches: `PULUMI_BACKEND_URL`, else the one it is logged in to. */
import { pulumiOutput, type StackTarget } from "./pulumi-command";

/** The backend URL `target` reaches, or undefined when the CLI cannot say (not logged in). */
export async function backendUrlOf(target: Omit<StackTarget, "stack">): Promise<string | undefined> {
  if (target.env.PULUMI_BACKEND_URL) return target.env.PULUMI_BACKEND_URL;
  try {
    const who = JSON.parse(await pulumiOutput(target, ["whoami", "--json"])) as { url?: unknown };
    return typeof who.url === "string" && who.url ? who.url : undefined;
  } catch {
    return undefined;
  }
}
