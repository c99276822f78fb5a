/** Runs a `pulumi-uptime` subcommand in this process, keeping what it prints as strings. */
import type { CliIo } from "../../src/util/command-line";

/** A subcommand's exit code and everything it wrote. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** What `run(argv)` exits with and prints, given `env`, `cwd` and whether stderr is a terminal. */
export async function runCaptured(
  run: (argv: string[], io: CliIo) => Promise<number>,
  argv: string[],
  where: { env: NodeJS.ProcessEnv; cwd?: string; tty?: boolean },
): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const code = await run(argv, {
    stdout: { write: (c: string) => (stdout += c) },
    stderr: { write: (c: string) => (stderr += c), isTTY: where.tty ?? false },
    env: where.env,
    ...(where.cwd === undefined ? {} : { cwd: where.cwd }),
  });
  return { code, stdout, stderr };
}
