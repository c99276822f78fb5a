/**
 * Python virtual environments the tests run programs and type checkers in: made once per
 * machine under .tools (like the Go tools), from PyPI, and reused while their stamp (the
 * requirements and anything else they were made from) is unchanged, so a warm run installs
 * nothing. pip's own cache (~/.cache/pip) makes a remake after a change quick.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** What a venv is made from: pip's requirements file, run from `cwd` (relative paths in it resolve there). */
export interface VenvSpec {
  /** Where the venv lives (under .tools). */
  dir: string;
  requirements: string;
  /** The directory pip runs in; default the requirements file's. */
  cwd?: string;
  /** Files whose content is part of the stamp (e.g. a wheel the requirements name). */
  inputs?: string[];
}

/** Makes the venv unless its stamp matches; returns its `bin` directory. Fails naming the fix when python3 or venv is missing. */
export async function ensureVenv(spec: VenvSpec): Promise<string> {
  const stampFile = join(spec.dir, "pulumi-uptime-stamp.txt");
  const stamp = [readFileSync(spec.requirements, "utf8"), ...(spec.inputs ?? []).map((f) => `${f} ${createHash("sha256").update(readFileSync(f)).digest("hex")}`)].join("\n");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return join(spec.dir, "bin");
  rmSync(spec.dir, { recursive: true, force: true });
  try {
    await run("python3", ["-m", "venv", spec.dir]);
  } catch (e) {
    throw new Error(`could not make a Python venv (${(e as Error).message.split("\n")[0]}): install Python 3.9+ with venv (Debian: \`apt-get install python3 python3-venv\`)`);
  }
  const cwd = spec.cwd ?? join(spec.requirements, "..");
  await run(join(spec.dir, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", "-r", spec.requirements], { cwd, timeout: 900_000 });
  writeFileSync(stampFile, stamp);
  return join(spec.dir, "bin");
}

