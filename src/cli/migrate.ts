/**
 * `pulumi-uptime migrate`: reads another vendor's monitors (a Terraform state, UptimeRobot's
 * CSV export, an Uptime Kuma backup) and writes a Pulumi project declaring them, with
 * migration-report.json and migration-report.md beside it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { groupByHost } from "../migrate/group-by-host";
import { mapMonitors } from "../migrate/map";
import {
  projectFiles,
  WRITTEN_LANGUAGES as LANGUAGES,
  type WrittenLanguage as Language,
} from "../migrate/project-files";
import { readSource } from "../migrate/read";
import { buildReport, exitCodeOf, renderMarkdown } from "../migrate/migration-report";
import { slugify } from "../export/plan";
import { MigrateInputError, SOURCES, type SourceName } from "../migrate/source";
import { processIo, runCommand } from "./command";
import { parseOptions, UsageError, type CliIo } from "../util/command-line";

const MIGRATE_USAGE = `Usage: pulumi-uptime migrate --from terraform-state|uptimerobot-csv|kuma-backup <input>
                             [--language yaml|typescript|python|go|csharp|java] [--out DIR]
                             [--component]

Reads the monitors of another vendor and writes a Pulumi project declaring them here, with
migration-report.json and migration-report.md: every input monitor once, as mapped,
approximated (what changed) or not mapped (why), and the secret config keys to set.

Options:
  --from SOURCE      What <input> is: terraform-state (a state file, format 4, or the JSON
                     of \`terraform show -json\`, with UptimeRobot, Better Stack or Uptime Kuma
                     resources), uptimerobot-csv (UptimeRobot's CSV export of monitors) or
                     kuma-backup (Uptime Kuma's JSON backup file).
  --language LANG    The program's language: yaml, typescript (the default), python, go,
                     csharp or java. Each is written with its project file (package.json,
                     requirements.txt, go.mod, a .csproj, pom.xml); nothing needs the pulumi CLI.
  --out DIR          Where to write the project and the report (created; files in it are
                     replaced). Default: ./migrated-monitors.
  --component        With --language yaml: the monitors of one host that share their alerts
                     and expiry days become the checks of one ServiceMonitors component,
                     named <environment>/<host>/<key> on the service and created, not
                     adopted (the report says which); the others stay plain monitors.
  -h, --help         Show this help.

Alert contact values, request header values and basic-auth passwords are never written: the
program reads each from secret stack config; the report lists the keys
(\`pulumi config set --secret KEY\`).

Exit codes: 0 every monitor mapped as it was; 1 some approximated or not mapped (see the
report); 2 a bad command line or a malformed input
(the message names the file, the line or JSON path, and what was expected).`;

interface MigrateOptions {
  from: SourceName;
  input: string;
  language: Language;
  out: string;
  component: boolean;
}

function parse(argv: string[]): MigrateOptions | "help" {
  // The input is the one positional argument: parseOptions takes none, so it is split off first.
  const positionals: string[] = [];
  const flags: string[] = [];
  const withValue = new Set(["--from", "--language", "--out", "-o"]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("-")) {
      flags.push(a);
      if (withValue.has(a) && i + 1 < argv.length) flags.push(argv[++i]);
    } else positionals.push(a);
  }
  const values = parseOptions(flags, {
    from: { type: "string" },
    language: { type: "string" },
    out: { type: "string", short: "o" },
    component: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const from = values.from;
  if (from === undefined || !(SOURCES as readonly string[]).includes(from))
    throw new UsageError(
      `--from must be one of ${SOURCES.join(", ")}; got ${from === undefined ? "nothing" : JSON.stringify(from)}`,
    );
  if (positionals.length !== 1)
    throw new UsageError(`expected one input file after the options; got ${positionals.length}`);
  const language = values.language ?? "typescript";
  if (!(LANGUAGES as readonly string[]).includes(language))
    throw new UsageError(`--language must be one of ${LANGUAGES.join(", ")}; got ${JSON.stringify(language)}`);
  if (values.component && language !== "yaml")
    throw new UsageError(`--component is written for --language yaml only; got ${JSON.stringify(language)}`);
  return {
    from: from as SourceName,
    input: positionals[0],
    language: language as Language,
    out: values.out ?? "migrated-monitors",
    component: values.component ?? false,
  };
}

/**
 * Runs `pulumi-uptime migrate` with `argv` (the arguments after `migrate`).
 * @returns 0 all mapped, 1 some approximated or not mapped, 2 bad usage or input.
 */
export async function runMigrate(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand("migrate", MIGRATE_USAGE, argv, io, parse, (opts) => migrateFile(opts, io));
}

async function migrateFile(opts: MigrateOptions, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const input = resolve(cwd, opts.input);
  const out = resolve(cwd, opts.out);
  let text: string;
  try {
    text = readFileSync(input, "utf8");
  } catch (err) {
    io.stderr.write(
      `pulumi-uptime migrate: cannot read ${opts.input}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`,
    );
    return 2;
  }
  let migration;
  try {
    migration = mapMonitors(readSource(opts.from, text, opts.input));
  } catch (err) {
    if (!(err instanceof MigrateInputError)) throw err;
    io.stderr.write(`pulumi-uptime migrate: ${err.message}\n`);
    return 2;
  }
  const project = slugify(basename(out)) || "migrated-monitors";
  const source = `${opts.from} ${basename(opts.input)}`;
  mkdirSync(out, { recursive: true });
  const grouped = opts.component ? groupByHost(migration) : undefined;
  const written = projectFiles(migration.plan, opts.language, { project, source, grouped });
  for (const [name, body] of Object.entries(written)) {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), body, { mode: 0o644 });
  }
  const files = Object.keys(written);
  const report = buildReport(migration, { from: opts.from, file: opts.input }, opts.language, [
    ...files,
    "migration-report.json",
    "migration-report.md",
  ]);
  writeFileSync(join(out, "migration-report.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, "migration-report.md"), renderMarkdown(report));
  const c = report.counts;
  io.stderr.write(
    `Wrote ${opts.language} project to ${opts.out}: ${c.monitors} monitors, ${c.mapped} mapped, ${c.approximated} approximated, ${c.notMapped} not mapped; ${c.otherItems} other items not carried (migration-report.md).\n`,
  );
  if (report.configKeys.length)
    io.stderr.write(
      `Set ${report.configKeys.length} secret config value${report.configKeys.length === 1 ? "" : "s"} before \`pulumi up\`:\n${report.configKeys.map((k) => `  pulumi config set --secret ${k.key}`).join("\n")}\n`,
    );
  return exitCodeOf(report);
}
