/**
 * Running one `pulumi` process and collecting what it printed: the one process runner of
 * src/stack (pulumi-command.ts gives it a stack and turns failures into errors). Callers
 * decide what a failure means; this only reports it.
 */
import { execFile } from "node:child_process";

/** Large enough for the export of a stack of thousands of resources. */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** How to run it. */
interface PulumiRunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to its stdin (closed either way, so a prompt sees end of input). */
  input?: string;
}

/** What a run printed, and how it ended. */
interface PulumiRun {
  /** The exit code; 127 when it did not run to an exit code (not found, killed, too much output). */
  code: number;
  stdout: string;
  stderr: string;
  /** Why it failed, as Node.js reported it (`code` "ENOENT" when the binary is not there). */
  failure?: NodeJS.ErrnoException;
}

/** Runs `bin args`; never rejects. */
export function runPulumi(bin: string, args: string[], options: PulumiRunOptions): Promise<PulumiRun> {
  return new Promise((resolve) => {
    const child = execFile(
      bin,
      args,
      { cwd: options.cwd, env: options.env, maxBuffer: MAX_OUTPUT_BYTES },
      (err, stdout, stderr) => {
        if (!err) return resolve({ code: 0, stdout, stderr });
        const code = typeof err.code === "number" ? err.code : 127;
        resolve({ code, stdout, stderr, failure: err as NodeJS.ErrnoException });
      },
    );
    // A CLI that exits without reading its input closes the pipe: its exit code says what went wrong.
    child.stdin?.on("error", () => undefined);
    if (options.input) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}
