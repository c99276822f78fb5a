/**
 * The package as a user gets it: `npm pack` of a clean copy of the checkout, installed
 * with npm into a fresh directory outside the repository (so nothing resolves through the
 * repo's own node_modules or its self-link).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { REPO } from "./harness";

const exec = promisify(execFile);

/** Runs npm in `cwd` (from the npm cache when it can: `--prefer-offline`); returns its output. */
export async function npm(cwd: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env };
  // The test runner's variables would leak into the scripts npm runs (prepack's tsc).
  for (const k of Object.keys(env)) if (/^(VITEST|NODE_OPTIONS$|NODE_ENV$)/.test(k)) delete env[k];
  try {
    return await exec("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 240_000,
    });
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    // eslint-disable-next-line preserve-caught-error -- the message carries npm's output; a cause would print it twice
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  }
}

/**
 * A copy of the checkout as git would give it (tracked files and new files git does not
 * ignore, as they are in the work tree now): no dist/, no self-link. Its node_modules is a
 * link to the repo's, so that packing needs no install of the development dependencies.
 */
export async function cleanCopy(): Promise<{ dir: string; scratch: string }> {
  const { stdout } = await exec("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPO,
    maxBuffer: 64 * 1024 * 1024,
  });
  const scratch = mkdtempSync(join(tmpdir(), "pulumi-uptime-pack-"));
  const dir = join(scratch, "checkout");
  for (const file of stdout.split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(REPO, file), join(dir, file));
    } catch (err) {
      // A file deleted in the work tree but not yet in the index: git would not give it either.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, scratch };
}

/** `npm pack` in `dir`; returns the tarball's path. */
export async function pack(dir: string, into: string): Promise<string> {
  const { stdout } = await npm(dir, ["pack", "--json", "--pack-destination", into]);
  // Lifecycle scripts (prepack's tsc) print before the JSON.
  const json = JSON.parse(stdout.slice(stdout.indexOf("[\n"))) as { filename: string }[];
  return join(into, json[0].filename);
}

/** A fresh project directory outside the repository with `files` written into it. */
export function freshProject(scratch: string, files: Record<string, string>): string {
  const dir = join(scratch, "consumer");
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
