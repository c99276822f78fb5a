/**
 * A stand-in `pulumi` for unit tests of src/stack: an executable script that answers each
 * command from a table (keyed by the arguments before the first flag, e.g. `stack export`)
 * and records every call's arguments and stdin. What the real CLI prints is the end-to-end
 * suite's concern; this shows what src/stack asks and how it reads the answers.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How the stand-in answers one command. `planFile`: written to the path after `--save-plan`. */
export interface Answer {
  stdout?: string;
  stderr?: string;
  code?: number;
  planFile?: string;
}

/** One call the stand-in received. */
export interface Call {
  args: string[];
  stdin: string;
  /** For `preview --save-plan PATH`: whether PATH was a named pipe when the plan was written. */
  planPathWasFifo?: boolean;
}

export interface StandInPulumi {
  /** The script's path, to pass as `bin`. */
  bin: string;
  /** A directory of its own, for the test's files. */
  dir: string;
  calls(): Call[];
  remove(): void;
}

/** The answer of `pulumi stack export` for a state holding `resources`. */
export function exportOf(resources: readonly object[]): Answer {
  return { stdout: JSON.stringify({ version: 3, deployment: { resources } }) };
}

/**
 * Writes the stand-in; `answers` maps `stack export`, `config`, ... to what it prints. A key
 * may go on with flags (`stack ls --project app`): the longest key the arguments start with wins.
 */
export function standInPulumi(answers: Record<string, Answer>): StandInPulumi {
  const dir = mkdtempSync(join(tmpdir(), "stand-in-pulumi-"));
  const bin = join(dir, "pulumi");
  const log = join(dir, "calls.jsonl");
  writeFileSync(join(dir, "answers.json"), JSON.stringify(answers));
  writeFileSync(
    bin,
    `#!${process.execPath}
const fs = require("node:fs");
const args = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(${JSON.stringify(join(dir, "answers.json"))}, "utf8"));
// The longest key the arguments start with (\`stack ls --project app\`), else the words before the first flag.
const line = args.join(" ");
const keys = Object.keys(answers).filter((k) => line === k || line.startsWith(k + " "));
const key = keys.sort((a, b) => b.length - a.length)[0] ?? args.slice(0, args.findIndex((a) => a.startsWith("-")) >>> 0).join(" ");
let stdin = "";
try { stdin = fs.readFileSync(0, "utf8"); } catch {}
const a = answers[key] ?? { stderr: "error: unknown command " + JSON.stringify(key), code: 255 };
const call = { args, stdin };
const at = args.indexOf("--save-plan");
if (a.planFile !== undefined && at >= 0) {
  call.planPathWasFifo = fs.statSync(args[at + 1]).isFIFO();
  fs.writeFileSync(args[at + 1], a.planFile);
}
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + "\\n");
process.stdout.write(a.stdout ?? "");
process.stderr.write(a.stderr ?? "");
process.exitCode = a.code ?? 0;
`,
  );
  chmodSync(bin, 0o755);
  return {
    bin,
    dir,
    calls: () => {
      let text: string;
      try {
        text = readFileSync(log, "utf8");
      } catch {
        return [];
      }
      return text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Call);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
