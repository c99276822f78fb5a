/** A `pulumi-uptime` subcommand's `--help` text, read through the command's own run function. */
import type { CliIo } from "../../src/util/command-line";
import { runCaptured } from "./captured-command-run";

/** What `run(argv)` prints for `--help` (or another `argv` that asks for help); throws unless it exits 0 with only that. */
export async function helpOf(
  run: (argv: string[], io: CliIo) => Promise<number>,
  argv: string[] = ["--help"],
): Promise<string> {
  const { code, stdout, stderr } = await runCaptured(run, argv, { env: {} });
  if (code !== 0 || stderr !== "") throw new Error(`${argv.join(" ")} exited ${code}: ${stderr}`);
  return stdout;
}
