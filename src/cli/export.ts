/**
 * `pulumi-uptime export`: reads every monitor of an account and writes a ready Pulumi
 * program (`--format ts`) or the GitOps monitors file (`--format yaml`) that declares
 * them with adoption on.
 */
import { renameSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { UptimeClient } from "../client/client";
import { PER_PAGE_VALUES } from "../schemas/values";
import { collectMonitors, type CollectProgress } from "../export/collect";
import { configSetCommands, planExport } from "../export/plan";
import { renderTs } from "../export/render-ts";
import { renderYaml } from "../export/render-yaml";

/** Where the command reads and writes; the process's own streams by default. */
export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** The process's io. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

export const EXPORT_USAGE = `Usage: pulumi-uptime export [--format ts|yaml] [--out FILE] [--base-url URL] [--api-key KEY]

Reads every monitor of the account (all pages) and writes a Pulumi program (ts, the
default) or the GitOps monitors file (yaml) declaring them with \`adopt: true\`, so that
the first \`pulumi up\` takes them over without changing them.

Options:
  --format ts|yaml   What to write: a TypeScript index.ts, or monitors.yaml for
                     loadMonitorsFile. Default ts.
  --out FILE         Write to FILE instead of stdout.
  --base-url URL     Service URL. Default: env UPTIME_BASE_URL.
  --api-key KEY      API key. Default: env UPTIME_API_KEY (preferred: a key on the command
                     line is visible to other users of the machine).
  --time-zone ZONE   The account's IANA time zone, for maintenance windows. Default: env
                     UPTIME_TIME_ZONE, else UTC. Use the same as the stack's uptime:timeZone.
  --per-page N       Page size when reading: 10, 25, 50 or 100. Default 100.
  -h, --help         Show this help.

Passwords of basic-auth checks are never returned by the service: they become secret
config placeholders, listed at the end of the output with the \`pulumi config set --secret\`
commands that fill them.`;

class UsageError extends Error {}

interface ExportOptions {
  format: "ts" | "yaml";
  out?: string;
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
  perPage: (typeof PER_PAGE_VALUES)[number];
}

function parse(argv: string[]): ExportOptions | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        format: { type: "string", short: "f" },
        out: { type: "string", short: "o" },
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "time-zone": { type: "string" },
        "per-page": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    // parseArgs names the offending option, never its value.
    throw new UsageError((err as Error).message);
  }
  if (values.help) return "help";
  const format = values.format ?? "ts";
  if (format !== "ts" && format !== "yaml") throw new UsageError(`--format must be ts or yaml; got ${JSON.stringify(format)}`);
  const perPage = Number(values["per-page"] ?? 100);
  if (!(PER_PAGE_VALUES as readonly number[]).includes(perPage)) {
    throw new UsageError(`--per-page must be one of ${PER_PAGE_VALUES.join(", ")}; got ${JSON.stringify(values["per-page"])}`);
  }
  return {
    format,
    out: values.out,
    baseUrl: values["base-url"],
    apiKey: values["api-key"],
    timeZone: values["time-zone"],
    perPage: perPage as ExportOptions["perPage"],
  };
}

/** Progress on a terminal, one line rewritten in place; nothing when stderr is not a TTY. */
function progressReporter(io: CliIo) {
  const tty = !!io.stderr.isTTY;
  return {
    tty,
    page(p: CollectProgress) {
      if (tty) io.stderr.write(`\r\x1b[KReading monitors: page ${p.page} of ${p.lastPage}, ${p.count} of ${p.total}`);
    },
    line(text: string) {
      if (tty) io.stderr.write(`\r\x1b[K${text}\n`);
    },
  };
}

/**
 * Runs `pulumi-uptime export` with `argv` (the arguments after `export`).
 * @returns The exit code: 0 done, 1 failed, 2 bad usage.
 */
export async function runExport(argv: string[], io: CliIo = processIo()): Promise<number> {
  let opts: ExportOptions | "help";
  try {
    opts = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`pulumi-uptime export: ${err.message}\n\n${EXPORT_USAGE}\n`);
    return 2;
  }
  if (opts === "help") {
    io.stdout.write(`${EXPORT_USAGE}\n`);
    return 0;
  }

  const progress = progressReporter(io);
  let client: UptimeClient | undefined;
  try {
    client = new UptimeClient({
      baseUrl: opts.baseUrl ?? io.env.UPTIME_BASE_URL,
      apiKey: opts.apiKey ?? io.env.UPTIME_API_KEY,
      timeZone: opts.timeZone ?? io.env.UPTIME_TIME_ZONE,
    });
    const monitors = await collectMonitors(client, { perPage: opts.perPage, onPage: (p) => progress.page(p) });
    const plan = planExport(monitors);
    const render = { source: client.baseUrl, timeZone: client.timeZone };
    const text = opts.format === "ts" ? renderTs(plan, render) : renderYaml(plan, render);

    if (opts.out) {
      const tmp = `${opts.out}.${process.pid}.tmp`;
      writeFileSync(tmp, text, { mode: 0o644 });
      renameSync(tmp, opts.out);
    } else {
      io.stdout.write(text);
    }

    progress.line(`Exported ${plan.monitors.length} monitor${plan.monitors.length === 1 ? "" : "s"}${opts.out ? ` to ${opts.out}` : ""}.`);
    const warnings = plan.monitors.flatMap((m) => m.notes.filter((n) => n.startsWith("WARNING")).map((n) => `  ${m.resourceName}: ${n}`));
    if (warnings.length) progress.line(`Monitors to fix before \`pulumi up\`:\n${warnings.join("\n")}`);
    if (plan.secrets.length) {
      progress.line(
        `${plan.secrets.length} secret${plan.secrets.length === 1 ? "" : "s"} could not be read back (listed at the end of the output). Set them in the stack:\n` +
          configSetCommands(plan.secrets).map((c) => `  ${c}`).join("\n"),
      );
    }
    return 0;
  } catch (err) {
    if (progress.tty) io.stderr.write("\r\x1b[K");
    // Client errors name the request and the status, never the key.
    io.stderr.write(`pulumi-uptime export: ${(err as Error).message}\n`);
    return 1;
  } finally {
    await client?.close();
  }
}
