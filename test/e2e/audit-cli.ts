/** `node dist/cli/main.js audit <args>` in a stack's project, with only what a CI job would set. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO, pulumiEnv, type E2EStack } from "./harness";
import type { E2EServer } from "./api";

export function runAuditCli(
  stack: E2EStack,
  srv: E2EServer,
  args: string[],
  options: { loggedIn?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = pulumiEnv(stack.home, stack.backendDir, {
    UPTIME_BASE_URL: srv.url,
    UPTIME_API_KEY: srv.apiKey,
  });
  delete env.PULUMI_CONFIG_PASSPHRASE;
  // `loggedIn`: the backend is the one `pulumi login` recorded in PULUMI_HOME, not named to the audit.
  if (options.loggedIn) delete env.PULUMI_BACKEND_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, "dist", "cli", "main.js"), "audit", ...args], {
      env,
      cwd: stack.dir, // in the project directory, as the CI job runs it
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
