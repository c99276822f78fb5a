#!/usr/bin/env node
/** The `pulumi-uptime` command: dispatches to its subcommands. */
// Each subcommand is loaded when it runs: a command starts without loading the others.
/* eslint-disable @typescript-eslint/no-require-imports */
const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  export: (argv) => (require("./export") as typeof import("./export")).runExport(argv),
  migrate: (argv) => (require("./migrate") as typeof import("./migrate")).runMigrate(argv),
  test: (argv) => (require("./test") as typeof import("./test")).runTest(argv),
  verify: (argv) => (require("./verify") as typeof import("./verify")).runVerify(argv),
  audit: (argv) => (require("./audit") as typeof import("./audit")).runAudit(argv),
  maintenance: (argv) => (require("./maintenance") as typeof import("./maintenance")).runMaintenance(argv),
  report: (argv) => (require("./report") as typeof import("./report")).runReportCommand(argv),
};
/* eslint-enable @typescript-eslint/no-require-imports */

const USAGE = `Usage: pulumi-uptime <command> [options]

Commands:
  export   Write a Pulumi program (or the GitOps monitors file) declaring every monitor
           of an account, with adoption on, or the file \`pulumi import --file\` reads.
           \`pulumi-uptime export --help\` for options.
  migrate  Write a Pulumi program declaring the monitors of another vendor (a Terraform
           state, UptimeRobot's CSV export, an Uptime Kuma backup) and a report of what
           mapped. \`pulumi-uptime migrate --help\` for options.
  test     Run each declared monitor's check once from here, as the service would, and
           report pass, alert or skipped. \`pulumi-uptime test --help\` for options.
  verify   After \`pulumi up\`, wait until the service has checked the monitors the update
           touched, and fail on any offline. \`pulumi-uptime verify --help\` for options.
  audit    Report which monitors the stacks of a backend manage, which none does, which
           two resources hold, and which are gone. \`pulumi-uptime audit --help\`.
  maintenance  Silence a set of monitors for a deploy (\`start\`), then give each its window
           back (\`end\`). \`pulumi-uptime maintenance --help\` for options.
  report   Availability and error budgets of a set of monitors from their incidents,
           and a deploy gate on them. \`pulumi-uptime report --help\` for options.

Options:
  -h, --help     Show this help.
  -v, --version  Show the version.`;

/** Runs the command line `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && Object.hasOwn(SUBCOMMANDS, command)) return SUBCOMMANDS[command](rest);
  switch (command) {
    case undefined:
    case "-h":
    case "--help":
    case "help":
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    case "-v":
    case "--version":
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json is outside rootDir (src)
      process.stdout.write(`${(require("../../package.json") as { version: string }).version}\n`);
      return 0;
    default:
      process.stderr.write(`pulumi-uptime: unknown command ${JSON.stringify(command)}\n\n${USAGE}\n`);
      return 2;
  }
}

/**
 * A reader that stops early (`pulumi-uptime test --json | head`) closes the pipe: the rest of
 * the output is dropped, quietly, and the command still ends with its own exit code.
 */
function dropOutputOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
    throw err;
  });
}

if (require.main === module) {
  dropOutputOnClosedPipe(process.stdout);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`pulumi-uptime: ${(err as Error)?.message ?? String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
