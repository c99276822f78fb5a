/**
 * What every `pulumi-uptime` subcommand does the same way: its io, parsing its options
 * with node:util's parseArgs (a bad command line is a UsageError: the usage on stderr,
 * exit 2; `--help`: the usage on stdout, exit 0), and its number options.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Where the command reads and writes; the process's own streams by default. */
export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** The directory the command runs in (a stack's project directory, maybe). Default: the process's. */
  cwd?: string;
}

/** The process's io. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** A command line the command cannot run: exit 2, with the usage. */
export class UsageError extends Error {}

/** The options of a command, as parseArgs takes them. */
export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** The values parseArgs gives for `T`. */
export type OptionValues<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>
>["values"];

/** `argv` parsed strictly against `options` (no positionals); a bad one is a UsageError. */
export function parseOptions<const T extends OptionsConfig>(argv: string[], options: T): OptionValues<T> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    // parseArgs names the offending option, never its value.
    throw new UsageError((err as Error).message);
  }
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

/** The range of a number option. */
export interface NumberRange {
  min: number;
  max: number;
  /** Only whole numbers. */
  whole?: boolean;
}

/** `text` as a number within `range` (plain decimal digits: no sign, exponent or spaces), else undefined. */
export function parseNumber(text: string, range: NumberRange): number | undefined {
  const n = Number(text);
  if (!(range.whole ? /^\d+$/ : /^(\d+\.?\d*|\.\d+)$/).test(text) || n < range.min || n > range.max) return undefined;
  return n;
}

/**
 * Number option `--flag` of a subcommand: `fallback` when not given, else `text` within
 * `range`, or a UsageError "--flag must be a number[ of UNIT] from MIN to MAX; got TEXT"
 * ("--flag must be a whole number" for a fraction where `range.whole`).
 */
export function numberOption(
  flag: string,
  text: string | undefined,
  fallback: number,
  range: NumberRange & { unit?: string },
): number {
  if (text === undefined) return fallback;
  const n = parseNumber(text, { ...range, whole: false });
  if (n === undefined) {
    const what = range.unit ? `a number of ${range.unit}` : "a number";
    throw new UsageError(`--${flag} must be ${what} from ${range.min} to ${range.max}; got ${JSON.stringify(text)}`);
  }
  if (range.whole && !Number.isInteger(n)) throw new UsageError(`--${flag} must be a whole number`);
  return n;
}
