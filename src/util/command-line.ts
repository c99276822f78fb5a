/**
 * Parsing a command line's options with node:util's parseArgs, strictly (no positionals),
 * and its number options: what the `pulumi-uptime` subcommands and the local server's
 * command line share. A bad command line is a UsageError naming the option, never its value.
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

/** A command line the command cannot run: exit 2, with the usage. */
export class UsageError extends Error {}

/** The options of a command, as parseArgs takes them. */
type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** The values parseArgs gives for `T`. */
type OptionValues<T extends OptionsConfig> = ReturnType<
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

/** The range of a number option. */
interface NumberRange {
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
