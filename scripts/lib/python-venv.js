/**
 * Python virtual environments this project makes from PyPI (the release's build tools, the
 * tests' type checker and example programs): kept under .tools, once per machine like the Go
 * tools, and reused while their stamp (the requirements and anything else they were made
 * from) is unchanged, so a warm run installs nothing. pip's own cache makes a remake quick.
 */
"use strict";
const { execFile } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { promisify } = require("node:util");

const run = promisify(execFile);

/**
 * Makes the venv at `dir` from pip's `requirements` file (run from `cwd`, default its folder,
 * where relative paths in it resolve) unless its stamp matches; `inputs` are files whose
 * content is part of the stamp (e.g. a wheel the requirements name). Resolves to its `bin`
 * directory; fails naming the fix when python3 or its venv module is missing.
 */
async function ensureVenv(spec) {
  // Test files in parallel workers ask for the same venv at once: one makes it, the others
  // wait for it and then find its stamp.
  const lock = `${path.resolve(spec.dir)}.lock`;
  await takeLock(lock);
  try {
    return await makeVenv(spec);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Longest a venv takes to make (pip's timeout); a lock older than that was left by a killed run. */
const STALE_LOCK_MS = 900_000;

/** Waits until this process holds `lock` (a directory: mkdir is atomic). */
async function takeLock(lock) {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function makeVenv(spec) {
  // Absolute, since pip runs in `cwd`.
  const dir = path.resolve(spec.dir);
  const requirements = path.resolve(spec.requirements);
  const cwd = spec.cwd ?? path.dirname(requirements);
  const inputs = (spec.inputs ?? []).map((f) => path.resolve(f));
  const stampFile = path.join(dir, "pulumi-uptime-stamp.txt");
  const hash = (f) => crypto.createHash("sha256").update(fs.readFileSync(f)).digest("hex");
  const stamp = [fs.readFileSync(requirements, "utf8"), ...inputs.map((f) => `${f} ${hash(f)}`)].join("\n");
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) return path.join(dir, "bin");
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    await run("python3", ["-m", "venv", dir]);
  } catch (err) {
    throw new Error(
      `could not make a Python venv (${String(err.message).split("\n")[0]}): install Python 3.9+ with venv (Debian: \`apt-get install python3 python3-venv\`)`,
    );
  }
  await run(path.join(dir, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", "-r", requirements], {
    cwd,
    timeout: 900_000,
  });
  fs.writeFileSync(stampFile, stamp);
  return path.join(dir, "bin");
}

module.exports = { ensureVenv };
