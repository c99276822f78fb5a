/**
 * `pulumi-uptime audit <args>` (package.json's bin) in a stack's project, with only what a CI job would set;
 * a stack to audit.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import { E2EStack, ok, pulumiEnv } from "./harness";
import { pulumiUptimeBin } from "../support/repo-root";
import { startE2EServer, type E2EServer } from "./api";

export function runAuditCli(
  stack: E2EStack,
  srv: E2EServer,
  args: string[],
  options: { loggedIn?: boolean; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = pulumiEnv(stack.home, stack.backendDir, {
    UPTIME_BASE_URL: srv.url,
    UPTIME_API_KEY: srv.apiKey,
    ...options.env,
  });
  delete env.PULUMI_CONFIG_PASSPHRASE;
  // `loggedIn`: the backend is the one `pulumi login` recorded in PULUMI_HOME, not named to the audit.
  if (options.loggedIn) delete env.PULUMI_BACKEND_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [pulumiUptimeBin(), "audit", ...args], {
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

/**
 * A server and a stack of the `claims` fixture holding one monitor named `name` (resource
 * `api`), brought up before each test of the calling `describe` and removed after it.
 */
export function auditedStackWithOneMonitor(name: string): { srv: () => E2EServer; stack: () => E2EStack } {
  let srv: E2EServer | undefined;
  let stack: E2EStack | undefined;
  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({
      project: "claims",
      server: srv,
      config: { "fixture:monitors": JSON.stringify([{ resource: "api", name }]) },
    });
    ok(await stack.up());
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });
  return { srv: () => srv!, stack: () => stack! };
}
