/**
 * `pulumi-uptime export`: reads every monitor of an account and writes a ready Pulumi
 * program (`--format ts`) or the GitOps monitors file (`--format yaml`) that declares
 * them with adoption on, or the file `pulumi import --file` reads (`--format import`).
 */
import { chmodSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { UptimeClient } from "../client/client";
import { UptimeConfigError } from "../client/errors";
import { PER_PAGE_VALUES } from "../schemas/values";
import { collectIncidents, collectMonitors, type CollectProgress } from "../export/collect";
import { importFile, renderImportFile } from "../export/import-file";
import { importNextSteps } from "../export/import-steps";
import { languageOfRuntime, SECRET_LANGUAGES, type SecretLanguage } from "../export/import-secrets";
import { configSetCommands, planExport } from "../export/plan";
import { renderTs } from "../export/render-ts";
import { renderYaml } from "../export/render-yaml";
import { processIo, runCommand } from "./command";
import { parseOptions, UsageError, type CliIo } from "../util/command-line";
import { missingSettingsProblem, type ProviderSettings } from "../runtime/config";
import { projectRuntime } from "../stack/project";
import { configSettingsBeside } from "../stack/provider-settings";
import type { StackTarget } from "../stack/pulumi-command";
import { setStackSecret } from "../stack/stack-config";

const EXPORT_USAGE = `Usage: pulumi-uptime export [--format ts|yaml|import] [--out FILE] [--set-secrets] [--stack NAME]
                            [--language LANG] [--base-url URL] [--api-key KEY] [--time-zone ZONE]
                            [--per-page N]

Reads every monitor of the account (all pages) and writes a Pulumi program (ts, the
default) or the GitOps monitors file (yaml) declaring them with \`adopt: true\`, so that
the first \`pulumi up\` takes them over without changing them; or, with import, the file
\`pulumi import --file\` reads (every monitor and incident), so that Pulumi writes the
program in the stack's own language.

Options:
  --format ts|yaml|import
                     What to write: a TypeScript index.ts, monitors.yaml for
                     loadMonitorsFile, or the import file. Default ts.
  --language LANG    With --format import: the language of the lines that read the
                     secrets from config (yaml, python, go, typescript, java, csharp).
                     Default: the runtime of the Pulumi project in this directory.
  --out FILE         Write to FILE (mode 0600) instead of stdout.
  --set-secrets      Store the alert and header values the service returned in the
                     stack's config as secrets (\`pulumi config set --secret\`, value on stdin).
                     Needs the pulumi CLI and a stack directory.
  --stack NAME       The stack to read settings from and store secrets in. Default: the
                     selected stack of the Pulumi project in this directory.
  --base-url URL     Service URL. Default: the stack's uptime:baseUrl (when run in a stack
                     directory with the pulumi CLI on PATH), else env UPTIME_BASE_URL.
  --api-key KEY      API key. Default: the stack's uptime:apiKey, else env UPTIME_API_KEY
                     (preferred: a key on the command line is visible to other users).
  --time-zone ZONE   The account's IANA time zone, for maintenance windows. Default: the
                     stack's uptime:timeZone, else env UPTIME_TIME_ZONE, else UTC.
  --per-page N       Page size when reading: 10, 25, 50 or 100. Default 100.
  -h, --help         Show this help.

Secrets never go into the written file: alert values and request header values (webhook
URLs, tokens) and basic-auth passwords (which the service never returns) are read from
secret stack config. The keys are listed at the end of the output with the
\`pulumi config set --secret\` commands that set them. With --format import, monitors with
alerts, headers or basic auth get ids ending in :secrets-from-config, which keep those
fields out of the code \`pulumi import\` writes; the command prints (on stderr) the lines
that read them from config, in the stack's language, to add to that code.

Exit codes: 0 written; 1 the account could not be read (refused key, unreachable service)
or a write failed; 2 bad usage, or settings missing or malformed.`;

const FORMATS = ["ts", "yaml", "import"] as const;

interface ExportOptions {
  format: (typeof FORMATS)[number];
  language?: SecretLanguage;
  out?: string;
  setSecrets: boolean;
  stack?: string;
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
  perPage: (typeof PER_PAGE_VALUES)[number];
}

function parse(argv: string[]): ExportOptions | "help" {
  const values = parseOptions(argv, {
    format: { type: "string", short: "f" },
    language: { type: "string" },
    out: { type: "string", short: "o" },
    "base-url": { type: "string" },
    "api-key": { type: "string" },
    "time-zone": { type: "string" },
    "per-page": { type: "string" },
    "set-secrets": { type: "boolean" },
    stack: { type: "string", short: "s" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const format = values.format ?? "ts";
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be ts, yaml or import; got ${JSON.stringify(format)}`);
  const language = values.language;
  if (language !== undefined && !(SECRET_LANGUAGES as readonly string[]).includes(language))
    throw new UsageError(`--language must be one of ${SECRET_LANGUAGES.join(", ")}; got ${JSON.stringify(language)}`);
  const perPage = Number(values["per-page"] ?? 100);
  if (!(PER_PAGE_VALUES as readonly number[]).includes(perPage)) {
    throw new UsageError(
      `--per-page must be one of ${PER_PAGE_VALUES.join(", ")}; got ${JSON.stringify(values["per-page"])}`,
    );
  }
  return {
    format: format as ExportOptions["format"],
    language: language as SecretLanguage | undefined,
    out: values.out,
    setSecrets: values["set-secrets"] ?? false,
    stack: values.stack,
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
 * @returns The exit code: 0 done, 1 failed, 2 bad usage or settings.
 */
export async function runExport(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand("export", EXPORT_USAGE, argv, io, parse, (opts) => exportMonitors(opts, io));
}

async function exportMonitors(opts: ExportOptions, io: CliIo): Promise<number> {
  const progress = progressReporter(io);
  const target: StackTarget = { cwd: io.cwd ?? process.cwd(), env: io.env, stack: opts.stack };
  let client: UptimeClient | undefined;
  try {
    const stack = await stackSettings(opts, target);
    const baseUrl = opts.baseUrl ?? stack.baseUrl ?? io.env.UPTIME_BASE_URL;
    const apiKey = opts.apiKey ?? stack.apiKey ?? io.env.UPTIME_API_KEY;
    const missing = missingSettingsProblem({ baseUrl, apiKey }, { flags: true, config: true });
    if (missing) throw new UptimeConfigError(missing);
    client = new UptimeClient({
      baseUrl,
      apiKey,
      timeZone: opts.timeZone ?? stack.timeZone ?? io.env.UPTIME_TIME_ZONE,
      // HTTPS_PROXY, HTTP_PROXY, NO_PROXY, SSL_CERT_FILE: the client reads them itself.
      proxyUrl: stack.proxyUrl ?? io.env.UPTIME_PROXY_URL,
      caCertificates: stack.caCertificates ?? io.env.UPTIME_CA_CERTIFICATES,
      settingNames: {
        proxyUrl: stack.proxyUrl ? "uptime:proxyUrl" : "UPTIME_PROXY_URL",
        caCertificates: stack.caCertificates ? "uptime:caCertificates" : "UPTIME_CA_CERTIFICATES",
      },
    });
    const monitors = await collectMonitors(client, { perPage: opts.perPage, onPage: (p) => progress.page(p) });
    const plan = planExport(monitors);
    const render = { source: client.baseUrl, timeZone: client.timeZone };
    const incidents = opts.format === "import" ? await collectIncidents(client) : [];
    const text =
      opts.format === "import"
        ? renderImportFile(importFile(plan, incidents))
        : opts.format === "ts"
          ? renderTs(plan, render)
          : renderYaml(plan, render);

    // Only the user may read the file: it names accounts, URLs and secret config keys.
    if (opts.out) {
      const out = resolve(target.cwd, opts.out);
      const tmp = `${out}.${process.pid}.tmp`;
      writeFileSync(tmp, text, { mode: 0o600 });
      chmodSync(tmp, 0o600); // whatever the umask
      renameSync(tmp, out);
    } else {
      io.stdout.write(text);
    }
    // What was written where: always when writing a file; on a terminal for stdout.
    const say =
      opts.out || opts.setSecrets || opts.format === "import"
        ? (t: string) => io.stderr.write(`${progress.tty ? "\r\x1b[K" : ""}${t}\n`)
        : (t: string) => progress.line(t);

    const count = `${plan.monitors.length} monitor${plan.monitors.length === 1 ? "" : "s"}${opts.format === "import" ? ` and ${incidents.length} incident${incidents.length === 1 ? "" : "s"}` : ""}`;
    say(opts.out ? `Wrote ${count} to ${opts.out} (mode 0600).` : `Exported ${count}.`);
    const warnings = plan.monitors.flatMap((m) =>
      m.notes.filter((n) => n.startsWith("WARNING")).map((n) => `  ${m.resourceName}: ${n}`),
    );
    if (warnings.length) say(`Monitors to fix before \`pulumi up\`:\n${warnings.join("\n")}`);
    let pending = plan.secrets;
    if (opts.setSecrets) {
      const known = plan.secrets.filter((p) => p.value !== undefined);
      for (const p of known) await setStackSecret(target, p.configKey, p.value!);
      say(
        `Stored ${known.length} secret${known.length === 1 ? "" : "s"} in the stack's config${opts.stack ? ` (${opts.stack})` : ""}: ${known.map((p) => p.configKey).join(", ") || "none"}.`,
      );
      pending = plan.secrets.filter((p) => p.value === undefined);
    }
    if (opts.format === "import") {
      say(
        importNextSteps(plan, {
          out: opts.out,
          language: opts.language ?? languageOfRuntime(projectRuntime(target.cwd)),
          pending,
        }),
      );
    } else if (pending.length) {
      say(
        `${pending.length} secret config value${pending.length === 1 ? "" : "s"} to set before \`pulumi up\` (listed at the end of the ${opts.out ? "file" : "output"}):\n` +
          configSetCommands(pending)
            .map((c) => `  ${c}`)
            .join("\n"),
      );
    }
    return 0;
  } catch (err) {
    if (progress.tty) io.stderr.write("\r\x1b[K");
    // Client errors name the request and the status, never the key.
    io.stderr.write(`pulumi-uptime export: ${(err as Error).message}\n`);
    // Settings missing or malformed are the caller's to fix, as with a bad flag.
    return err instanceof UptimeConfigError ? 2 : 1;
  } finally {
    await client?.close();
  }
}

/** The stack's `uptime:*` settings when some connection setting is not given by a flag; `{}` otherwise. */
async function stackSettings(opts: ExportOptions, target: StackTarget): Promise<ProviderSettings> {
  if (opts.baseUrl && opts.apiKey && opts.timeZone) return {};
  return configSettingsBeside(target);
}
