/**
 * What every `pulumi-uptime` subcommand does the same way: its io, and running it with its
 * usage (a bad command line is a UsageError: the usage on stderr, exit 2; `--help`: the usage
 * on stdout, exit 0). Parsing the options is ../util/command-line.ts, which the local
 * server's command line shares; the subcommands import it from there.
 */
import { UsageError, type CliIo } from "../util/command-line";

/** The process's io. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/**
 * Runs subcommand `name` with `argv` (the arguments after its name): `parse` turns them
 * into options, or "help", or throws a UsageError; `run` does the work.
 * @returns `run`'s exit code; 0 for help, 2 for a usage error.
 */
export async function runCommand<O>(
  name: string,
  usage: string,
  argv: string[],
  io: CliIo,
  parse: (argv: string[]) => O | "help",
  run: (opts: O) => Promise<number>,
): Promise<number> {
  let opts: O | "help";
  try {
    opts = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`pulumi-uptime ${name}: ${err.message}\n\n${usage}\n`);
    return 2;
  }
  if (opts === "help") {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  return run(opts);
}
