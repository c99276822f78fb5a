/**
 * `pulumi-uptime audit`: which monitors and incidents of an account the stacks of a backend
 * manage, which none does, which two resources fight over, and which a state still holds
 * after they were deleted.
 */
import { tmpdir } from "node:os";
import { UptimeClient } from "../client/client";
import type { Incident, Monitor } from "../schemas";
import { UptimeConfigError } from "../client/errors";
import { missingSettingsProblem } from "../runtime/config";
import { classify, failingFindings, FINDINGS, holdings, type AuditedStack, type Finding } from "../audit/classify";
import { StackListError, stacksToAudit, type StackSelection } from "../audit/stacks-to-audit";
import { readStack, STACK_READS_AT_ONCE } from "../audit/read-stack";
import { renderJson, renderTable } from "../audit/render-report";
import { fileBackendOf, type FileBackend } from "../stack/file-backend";
import { findPulumi, pulumiEnv } from "../stack/pulumi-binary";
import { redactUrls, type StackTarget } from "../stack/pulumi-command";
import { processIo, runCommand } from "./command";
import { parseOptions, UsageError, type CliIo } from "../util/command-line";

const AUDIT_USAGE = `Usage: pulumi-uptime audit [--stacks GLOB]... [--backend URL] [--json]
                           [--fail-on unmanaged,conflict,missing,unreadable] [--unmanaged-incidents]
                           [--base-url URL] [--api-key KEY] [--pulumi PATH]

Reads the state of every stack of the backend the pulumi CLI is logged in to (or those
matching --stacks) with \`pulumi stack export\` (secrets stay encrypted: no passphrase is
needed), and the account's monitors and incidents, and reports:

  managed     each monitor and incident a stack holds, with its stack and URN
  unmanaged   monitors of the account that no audited stack holds
  conflicts   monitors and incidents held by two or more resources (in one stack or several)
  missing     resources whose monitor or incident is gone from the account
  unreadable  stacks that could not be read, each with why

Options:
  --stacks GLOB      Audit the stacks whose fully qualified name (<org>/<project>/<stack>)
                     matches GLOB; repeatable or comma-separated. \`*\` and \`?\` stay within a
                     segment, \`**\` crosses them; \`app/*\` means \`*/app/*\`. Default: all.
                     When the backend's list fails (on a self-managed backend one
                     unreadable checkpoint fails it), globs that name their project
                     are listed project by project.
  --backend URL      The backend (as for \`pulumi login\`). Default: env PULUMI_BACKEND_URL,
                     else the one the CLI is logged in to.
  --json             Print one JSON object instead of tables.
  --fail-on LIST     Exit 1 when one of these findings exists: unmanaged, conflict, missing,
                     unreadable (comma-separated), or none. Default: conflict.
  --unmanaged-incidents
                     Also list incidents that no stack holds (the service opens incidents
                     itself, so these are usually expected).
  --base-url URL     Service URL. Default: env UPTIME_BASE_URL.
  --api-key KEY      API key. Default: env UPTIME_API_KEY (preferred: a key on the
                     command line is visible to other users).
  --pulumi PATH      The pulumi CLI. Default: pulumi on PATH.
  -h, --help         Show this help.

Exit codes: 0 no finding named by --fail-on; 1 such a finding; 2 usage or settings error
(bad flag, missing service settings, an account or backend that cannot be read, a --stacks
glob that matches no stack: the other globs' stacks are still audited and reported).`;

interface AuditOptions {
  stacks: string[];
  backend?: string;
  json: boolean;
  failOn: Finding[];
  unmanagedIncidents: boolean;
  baseUrl?: string;
  apiKey?: string;
  pulumi?: string;
}

function parse(argv: string[]): AuditOptions | "help" {
  const values = parseOptions(argv, {
    stacks: { type: "string", multiple: true },
    backend: { type: "string" },
    json: { type: "boolean" },
    "fail-on": { type: "string" },
    "unmanaged-incidents": { type: "boolean" },
    "base-url": { type: "string" },
    "api-key": { type: "string" },
    pulumi: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const failOn: Finding[] = [];
  for (const f of (values["fail-on"] ?? "conflict").split(",").map((s) => s.trim())) {
    if (f === "none" || f === "") continue;
    const finding = f === "conflicts" ? "conflict" : f;
    if (!(FINDINGS as readonly string[]).includes(finding)) {
      throw new UsageError(`--fail-on takes ${FINDINGS.join(", ")} or none; got ${JSON.stringify(f)}`);
    }
    failOn.push(finding as Finding);
  }
  const stacks = (values.stacks ?? []).flatMap((s) => s.split(",").map((g) => g.trim())).filter(Boolean);
  return {
    stacks,
    backend: values.backend,
    json: values.json ?? false,
    failOn,
    unmanagedIncidents: values["unmanaged-incidents"] ?? false,
    baseUrl: values["base-url"],
    apiKey: values["api-key"],
    pulumi: values.pulumi,
  };
}

/** Runs `stacks` reads a few at a time (each is a CLI process). */
async function readAll(
  cli: StackTarget,
  backend: FileBackend,
  stacks: string[],
  onDone: (done: number) => void,
  concurrency = STACK_READS_AT_ONCE,
): Promise<AuditedStack[]> {
  const out: AuditedStack[] = new Array<AuditedStack>(stacks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < stacks.length) {
      const i = next++;
      out[i] = await readStack(cli, stacks[i], backend);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, stacks.length) }, worker));
  return out;
}

/** Every monitor and incident of the account. */
async function readAccount(client: UptimeClient): Promise<{ monitors: Monitor[]; incidents: Incident[] }> {
  const monitors: Monitor[] = [];
  for await (const m of client.monitors.all({ per_page: 100 })) monitors.push(m);
  const incidents: Incident[] = [];
  for await (const i of client.incidents.all({ per_page: 100 })) incidents.push(i);
  return { monitors, incidents };
}

/** Reading the account's monitors and incidents failed (`cause`): the audit cannot go on. */
class AccountReadError extends Error {
  constructor(cause: unknown) {
    super("cannot read the account", { cause });
  }
}

/** Why one broken stack can fail the list of a self-managed backend, and the way around it. */
const ONE_BROKEN_CHECKPOINT =
  "  A self-managed backend (file, S3, GCS, Azure Blob, PostgreSQL) lists its stacks by reading every stack's checkpoint, " +
  "and one it cannot read fails the whole list without being named. If that is the cause, --stacks <project>/* " +
  "lists project by project (each glob naming its project), so the other projects are still audited.";

/** Many stacks: enough that a silent terminal looks stuck. */
const PROGRESS_FROM = 5;

/**
 * Runs `pulumi-uptime audit` with `argv` (the arguments after `audit`).
 * @returns 0 clean, 1 a finding named by --fail-on, 2 usage or settings error.
 */
export async function runAudit(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand("audit", AUDIT_USAGE, argv, io, parse, (opts) => audit(opts, io));
}

async function audit(opts: AuditOptions, io: CliIo): Promise<number> {
  const apiKey = opts.apiKey ?? io.env.UPTIME_API_KEY;
  // Defence in depth: whatever a message quotes, the key never reaches the output.
  const clean = (text: string) => (apiKey ? text.split(apiKey).join("[secret]") : text);
  const err = (text: string) => io.stderr.write(clean(`pulumi-uptime audit: ${text}\n`));
  const tty = !!io.stderr.isTTY;

  const baseUrl = opts.baseUrl ?? io.env.UPTIME_BASE_URL;
  // Named as every command names them: the flag and the variable (audit reads no stack's config).
  const missing = missingSettingsProblem({ baseUrl, apiKey }, { flags: true, config: false });
  if (missing) {
    err(missing);
    return 2;
  }
  let client: UptimeClient;
  try {
    client = new UptimeClient({
      baseUrl: baseUrl ?? "",
      apiKey: apiKey ?? "",
      timeZone: io.env.UPTIME_TIME_ZONE,
    });
  } catch (e) {
    if (!(e instanceof UptimeConfigError)) throw e;
    err(e.message);
    return 2;
  }
  try {
    // The account is read while the stacks are: each needs the other only for the findings.
    const account = readAccount(client);
    account.catch(() => undefined); // awaited below, after the stacks' errors have had their say
    const backend = opts.backend ?? io.env.PULUMI_BACKEND_URL;
    // Away from any project directory, whose Pulumi.yaml could name another backend.
    const cli: StackTarget = { bin: findPulumi(opts.pulumi, io.env), env: pulumiEnv(io.env, backend), cwd: tmpdir() };
    // Found once, when a list or a stack fails: every failure after that reuses it.
    const fileBackend = fileBackendOf(cli);
    let selection: StackSelection;
    try {
      selection = await stacksToAudit(cli, opts.stacks, fileBackend);
    } catch (e) {
      if (!(e instanceof StackListError)) throw e;
      err(
        `cannot list the stacks of ${backend ? redactUrls(backend) : "the CLI's backend"}: ${e.message}` +
          (backend?.startsWith("file://") ? "" : `\n${ONE_BROKEN_CHECKPOINT}`),
      );
      return 2;
    }
    const { selected, unmatched, unlisted } = selection;
    for (const g of unmatched) err(`--stacks ${JSON.stringify(g)} matches no stack of the backend`);

    const many = tty && selected.length >= PROGRESS_FROM;
    const read = await readAll(cli, fileBackend, selected, (done) => {
      if (many) io.stderr.write(`\r\x1b[KReading stacks: ${done} of ${selected.length}`);
    });
    const states: AuditedStack[] = [...read, ...unlisted.map((u) => ({ stack: u.stack, error: u.reason }))];
    if (many) io.stderr.write("\r\x1b[KReading the account's monitors and incidents...");
    const { monitors, incidents } = await account.catch((e: unknown) => Promise.reject(new AccountReadError(e)));
    if (many) io.stderr.write("\r\x1b[K");

    const report = classify(
      states,
      { monitors, incidents },
      { unmanagedIncidents: opts.unmanagedIncidents, serviceUrl: client.baseUrl },
    );
    const stacks = states.map((s) => ({
      stack: s.stack,
      resources: "error" in s ? undefined : holdings(s.stack, s.resources).length,
      fromHistory: !("error" in s) && !!s.fromHistory,
    }));
    io.stdout.write(clean(opts.json ? renderJson(report) : renderTable(report, stacks)));
    if (unmatched.length) return 2;
    const failing = failingFindings(report, opts.failOn);
    if (failing.length) err(`failing on: ${failing.join(", ")} (--fail-on ${opts.failOn.join(",")})`);
    return failing.length ? 1 : 0;
  } catch (e) {
    if (tty) io.stderr.write("\r\x1b[K");
    // Client errors name the request and the status, never the key. No audit without the
    // account (a settings problem, or the service is down); anything else says what it was.
    err(
      e instanceof AccountReadError
        ? `cannot read the account at ${client.baseUrl}: ${(e.cause as Error).message}`
        : `the audit failed: ${(e as Error).message}`,
    );
    return 2;
  } finally {
    await client.close();
  }
}
