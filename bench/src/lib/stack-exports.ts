/**
 * B11's floor, run as a process of its own: `pulumi stack export` of each stack named on the
 * command line, `concurrency` at a time, each run as the audit runs it (from a directory
 * outside any project, never a prompt, no colour) with its whole output read. Prints how many
 * succeeded. Usage: node stack-exports.js <pulumi> <concurrency> <stack>...
 */
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";

const [bin, concurrencyArg, ...stacks] = process.argv.slice(2);

function exportOne(stack: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      bin,
      ["stack", "export", "--stack", stack, "--non-interactive", "--color", "never"],
      { cwd: tmpdir(), maxBuffer: 256 * 1024 * 1024 },
      (err, stdout) => resolve(!err && stdout.length > 0),
    );
  });
}

async function main(): Promise<void> {
  let next = 0;
  let succeeded = 0;
  const worker = async () => {
    while (next < stacks.length) if (await exportOne(stacks[next++])) succeeded++;
  };
  await Promise.all(Array.from({ length: Math.min(Number(concurrencyArg), stacks.length) }, worker));
  process.stdout.write(`${succeeded}\n`);
}

void main();
