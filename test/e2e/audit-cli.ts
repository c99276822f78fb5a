/**
 * `pulumi-uptime audit <args>` (package.json's bin) in a stack's project, with only what a CI job would set;
 * a stack to audit; the expectations the audits of several backends share.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect } from "vitest";
import { E2EStack, byName, ok, pulumiEnv } from "./harness";
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
 * `api`), brought up before each test of the calling `describe` and removed after it; `env`,
 * read then, is the environment of every command (another backend, its credentials).
 */
export function auditedStackWithOneMonitor(
  name: string,
  env: () => Record<string, string> = () => ({}),
): { srv: () => E2EServer; stack: () => E2EStack } {
  let srv: E2EServer | undefined;
  let stack: E2EStack | undefined;
  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({
      project: "claims",
      server: srv,
      env: env(),
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

/** The audit's JSON report, as far as these tests read it. */
export interface AuditJson {
  managed: { id: number; stack: string; urn: string }[];
  unmanaged: unknown[];
  unreadable: { stack: string; reason: string; readFromHistory?: { checkpoint: string; savedAt: string } }[];
  caveats: string[];
}

/**
 * An audit (`--json --fail-on unreadable`) of a backend holding the fixture's stack and a
 * stack `other/broken` whose checkpoint is corrupt: exit 1, the fixture's monitor `urn`
 * managed, the broken stack the only one unreadable.
 */
export function expectOnlyOtherBrokenUnreadable(
  r: { code: number; stdout: string; stderr: string },
  urn: string,
): void {
  expect(r.code, r.stderr).toBe(1);
  const report = JSON.parse(r.stdout) as AuditJson;
  expect(report.managed.map((m) => m.urn)).toEqual([urn]);
  expect(report.unreadable).toEqual([
    { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") as string },
  ]);
}

/** The `unreadable` entry of stack `stack` of `project`, whose corrupt checkpoint was audited from its newest history copy. */
export function auditedFromHistory(project: string, stack: string): AuditJson["unreadable"][number] {
  return {
    stack: `organization/${project}/${stack}`,
    reason: expect.stringContaining("invalid character") as string,
    readFromHistory: {
      checkpoint: expect.stringMatching(
        new RegExp(`^\\.pulumi/history/${project}/${stack}/${stack}-\\d+\\.checkpoint\\.json$`),
      ) as string,
      savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    },
  };
}

/** One audit run's outcome. */
type AuditRun = { code: number; stdout: string; stderr: string };

/**
 * Corrupts the current checkpoint of the fixture's stack (`corrupt` writes it, given its key
 * relative to the backend's root) after the CLI kept a good one in its history, then audits
 * with `run(["--json", "--fail-on", "unreadable"])`: exit 1, the stack's monitor managed (as of
 * that history checkpoint), nothing unmanaged, and the stack unreadable, read from its history.
 * @returns the run and its report, for what a test checks besides.
 */
export async function expectCorruptStackAuditedFromHistory(
  stack: E2EStack,
  corrupt: (key: string) => unknown,
  run: (args: string[]) => Promise<AuditRun>,
): Promise<{ r: AuditRun; report: AuditJson }> {
  const monitor = byName(await stack.resources(), "api");
  await corrupt(`.pulumi/stacks/e2e-claims/${stack.stack}.json`);
  const r = await run(["--json", "--fail-on", "unreadable"]);
  expect(r.code, r.stderr).toBe(1);
  const report = JSON.parse(r.stdout) as AuditJson;
  expect(report.managed).toEqual([
    expect.objectContaining({
      id: Number(monitor.id),
      stack: `organization/e2e-claims/${stack.stack}`,
      urn: monitor.urn,
    }),
  ]);
  expect(report.unmanaged).toEqual([]);
  expect(report.unreadable).toContainEqual(auditedFromHistory("e2e-claims", stack.stack));
  return { r, report };
}
