/**
 * A `pulumi` command on a stack: where it runs, its flags (`--stack`, never a prompt, no
 * colour), and what a failure says. Every read of src/stack goes through `pulumiOutput`.
 */
import { runPulumi } from "./run-pulumi";

/** Where and how to run `pulumi`. */
export interface StackTarget {
  /** The working directory: a project directory (holding Pulumi.yaml), or any for a backend's stacks. */
  cwd: string;
  /** The environment of the command (PATH, PULUMI_*). */
  env: NodeJS.ProcessEnv;
  /** `--stack`, when not the selected one (fully qualified or as the project names it). */
  stack?: string;
  /** The binary: a path, or a name looked up on the env's PATH. Default `pulumi`. */
  bin?: string;
}

/**
 * A stack, a backend or the pulumi CLI that cannot be read. `message` names the command;
 * `reason` is the CLI's own words on one line (credentials in URLs masked).
 */
export class StackError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = "StackError";
  }
}

/** `args` of a pulumi command on `target`: with its `--stack`, never a prompt, no colour. */
export function pulumiArgs(target: StackTarget, args: string[]): string[] {
  return [...args, ...(target.stack ? ["--stack", target.stack] : []), "--non-interactive", "--color", "never"];
}

/** Masks `user:password@` in URLs (a PostgreSQL backend URL carries its password). */
export function redactUrls(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, "$1***@");
}

/** The CLI's own words on one line, with credentials in URLs masked. */
export function reasonOf(output: string): string {
  const text = output
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("; ");
  return redactUrls(text) || "the pulumi CLI failed without a message";
}

/** The errors of a failed command: a JSON output's error diagnostics (a preview's), else stderr. */
function detailOf(stdout: string, stderr: string): string {
  try {
    const diags = (JSON.parse(stdout) as { diagnostics?: { message?: string; severity?: string }[] }).diagnostics;
    const errors = (diags ?? []).filter((d) => d.severity === "error").map((d) => d.message?.trim());
    if (errors.length) return errors.join("\n");
  } catch {
    // not JSON
  }
  return stderr.trim();
}

/** What to say when the binary is not there. */
export function notFound(target: StackTarget): string {
  const bin = target.bin ?? "pulumi";
  return bin.includes("/") ? `the pulumi CLI ${bin} is not there` : `the ${bin} CLI is not on PATH`;
}

/**
 * Runs `pulumi args` on `target` (`input` on stdin, so a secret never is on a command line)
 * and returns its stdout.
 * @throws StackError naming the command and the CLI's reason. Neither holds a secret value.
 */
export async function pulumiOutput(target: StackTarget, args: string[], input?: string): Promise<string> {
  const run = await runPulumi(target.bin ?? "pulumi", pulumiArgs(target, args), {
    cwd: target.cwd,
    env: target.env,
    input,
  });
  if (!run.failure) return run.stdout;
  if (run.failure.code === "ENOENT") {
    const missing = notFound(target);
    throw new StackError(missing, missing);
  }
  const detail = redactUrls(detailOf(run.stdout, run.stderr));
  const reason = reasonOf(detail || run.failure.message);
  throw new StackError(
    `pulumi ${args.slice(0, 2).join(" ")} failed: ${detail || run.failure.message.split("\n")[0]}`,
    reason,
  );
}
