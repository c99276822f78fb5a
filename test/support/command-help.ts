/** A `pulumi-uptime` subcommand's `--help` text, read through the command's own run function. */
import type { CliIo } from "../../src/util/command-line";

/** What `run(argv)` prints for `--help` (or another `argv` that asks for help); throws unless it exits 0 with only that. */
export async function helpOf(
  run: (argv: string[], io: CliIo) => Promise<number>,
  argv: string[] = ["--help"],
): Promise<string> {
  let stdout = "";
  let stderr = "";
  const code = await run(argv, {
    stdout: { write: (c: string) => (stdout += c) },
    stderr: { write: (c: string) => (stderr += c) },
    env: {},
  });
  if (code !== 0 || stderr !== "") throw new Error(`${argv.join(" ")} exited ${code}: ${stderr}`);
  return stdout;
}
