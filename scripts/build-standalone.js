#!/usr/bin/env node
/**
 * `node scripts/build-standalone.js [host|all|<os>-<arch>...]` (after `npm run build`): the
 * standalone executables, which need no Node.js installed, per platform (EXECUTABLES): the
 * provider plugin in dist/plugin-bin/<os>-<arch>/ and the command line `pulumi-uptime` in
 * dist/cli-bin/<os>-<arch>/. Default: this machine's platform only (what the test suite runs);
 * `npm run release` builds all five. Each executable goes through the same steps:
 *
 * 1. esbuild bundles its entry point (dist/plugin/main.js, dist/cli/main.js) and everything it
 *    loads into one CommonJS file, dist/plugin-bin/bundle/<name>.js (scripts/lib/cli-bundle.js).
 * 2. Node's single executable applications: a preparation blob of that file, made by the
 *    same Node.js version as the binaries (the blob's format is tied to it), then injected with
 *    postject into a copy of the official Node.js binary of each platform (scripts/lib/node-dist.js).
 *    Only this machine's platform gets V8's code cache in its blob: a cache made here would
 *    crash another platform's executable (Node's docs).
 * 3. macOS: the binary's signature is removed before the injection and an ad-hoc signature
 *    made after it with rcodesign (scripts/build-rcodesign.sh); Apple silicon runs no unsigned
 *    code. Where rcodesign cannot be had, the macOS targets are marked as not built, and their
 *    release archives carry the Node.js launcher instead (scripts/plugin-archives.js).
 * 4. Each executable is checked with `file` against its platform.
 *
 * A target is rebuilt only when its inputs changed (bundle, Node.js version, signing): their
 * hash sits in dist/<plugin-bin|cli-bin>/<target>/build.json with the outcome.
 */
"use strict";
const { execFileSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { NODE_VERSION, selectTargets, hostTargetId, TARGETS } = require("./lib/targets");
const { nodeBinary } = require("./lib/node-dist");
const { removeMachOSignature } = require("./lib/macho-signature");
const { bundleOptions } = require("./lib/cli-bundle");

const ROOT = path.resolve(__dirname, "..");
const BUNDLE_DIR = path.join(ROOT, "dist", "plugin-bin", "bundle");

/**
 * @typedef {{ name: string, entry: string, out: string, bundle: string }} Executable
 * `name`: the executable's (plus `.exe` on Windows) and its release archive's; `entry`: what
 * `npm run build` writes and esbuild bundles; `out`: where each platform's executable goes.
 */
/** @type {Executable[]} */
const EXECUTABLES = [
  { name: "pulumi-resource-uptime", entry: "dist/plugin/main.js", out: "dist/plugin-bin" },
  { name: "pulumi-uptime", entry: "dist/cli/main.js", out: "dist/cli-bin" },
].map((e) => ({ ...e, out: path.join(ROOT, e.out), bundle: path.join(BUNDLE_DIR, `${e.name}.js`) }));
const [PLUGIN, CLI] = EXECUTABLES;

/** The executable's file name on a target (`pulumi-uptime.exe` on Windows). */
function exeName(executable, target) {
  return target.os === "windows" ? `${executable.name}.exe` : executable.name;
}
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const timings = [];

function timed(label, fn) {
  const started = Date.now();
  const result = fn();
  timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function sha256(...parts) {
  const h = crypto.createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex");
}

/** Runs a command, showing its output only when it fails (postject's warnings about ELF notes are noise). */
function quiet(cmd, args) {
  try {
    execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    throw new Error(`${path.basename(args[0] ?? cmd)} failed: ${err.stdout ?? ""}${err.stderr ?? ""}${err.message}`);
  }
}

/** Step 1: the bundle (scripts/lib/cli-bundle.js: esbuild, zod in English only), every package inside it. */
async function bundle(executable) {
  const main = path.join(ROOT, executable.entry);
  if (!fs.existsSync(main)) throw new Error(`${executable.entry} is missing: run \`npm run build\` first`);
  fs.mkdirSync(BUNDLE_DIR, { recursive: true });
  await require("esbuild").build(bundleOptions({ entry: executable.entry, outfile: executable.bundle }));
}

/** Step 2a: the preparation blob (with or without code cache), made by the target's Node.js version. */
function blob(executable, withCodeCache) {
  const name = `${executable.name}.${withCodeCache ? "sea-codecache" : "sea"}`;
  const config = path.join(BUNDLE_DIR, `${name}.json`);
  const out = path.join(BUNDLE_DIR, `${name}.blob`);
  fs.writeFileSync(
    config,
    JSON.stringify(
      { main: executable.bundle, output: out, disableExperimentalSEAWarning: true, useCodeCache: withCodeCache },
      null,
      2,
    ),
  );
  const host = TARGETS.find((t) => t.id === hostTargetId());
  if (!host)
    throw new Error(`no Node.js binary for this machine (${hostTargetId()}) to make the preparation blob with`);
  execFileSync(nodeBinary(host), ["--experimental-sea-config", config], { stdio: ["ignore", "ignore", "inherit"] });
  return out;
}

let rcodesign; // path, or an Error saying why not
function signer() {
  if (rcodesign === undefined) {
    try {
      rcodesign = execFileSync("bash", [path.join(__dirname, "build-rcodesign.sh")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      })
        .trim()
        .split("\n")
        .pop();
    } catch (err) {
      rcodesign = new Error(`rcodesign could not be built (scripts/build-rcodesign.sh): ${err.message.split("\n")[0]}`);
    }
  }
  return rcodesign;
}

/** Step 2b-4 for one target: returns its build record. */
function buildTarget(executable, target, blobs) {
  const dir = path.join(executable.out, target.id);
  const exe = path.join(dir, exeName(executable, target));
  const record = path.join(dir, "build.json");
  const codeCache = target.id === hostTargetId();
  const blobFile = codeCache ? blobs.codeCache : blobs.plain;
  // The plain blob stands for both: V8's code cache differs from one run to the next, so a key
  // of the code-cache blob would rebuild this machine's executable every time.
  const key = sha256(
    NODE_VERSION,
    target.id,
    String(codeCache),
    fs.readFileSync(blobs.plain),
    fs.readFileSync(__filename),
    fs.readFileSync(path.join(__dirname, "lib", "macho-signature.js")),
  );
  const previous = fs.existsSync(record) ? JSON.parse(fs.readFileSync(record, "utf8")) : undefined;
  if (previous?.key === key && (!previous.standalone || fs.existsSync(exe))) return { ...previous, reused: true };

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const result = { key, target: target.id, node: NODE_VERSION, codeCache, standalone: false, reason: "" };
  const isMac = target.os === "darwin";
  let sign;
  if (isMac) {
    sign = signer();
    if (sign instanceof Error) {
      result.reason = `${sign.message}; macOS refuses an unsigned executable on Apple silicon`;
      fs.writeFileSync(record, JSON.stringify(result, null, 2));
      return result;
    }
  }
  const tmp = exe + ".tmp";
  fs.copyFileSync(nodeBinary(target), tmp);
  fs.chmodSync(tmp, 0o755);
  if (isMac) removeMachOSignature(tmp);
  const postject = path.join(ROOT, "node_modules", "postject", "dist", "cli.js");
  quiet(process.execPath, [
    postject,
    tmp,
    "NODE_SEA_BLOB",
    blobFile,
    "--sentinel-fuse",
    SEA_FUSE,
    ...(isMac ? ["--macho-segment-name", "NODE_SEA"] : []),
  ]);
  if (isMac) execFileSync(sign, ["sign", tmp], { stdio: ["ignore", "ignore", "inherit"] });
  const format = execFileSync("file", ["-b", tmp], { encoding: "utf8" }).trim();
  if (!target.format.test(format))
    throw new Error(`${target.id}: the executable is not what the platform runs: file says "${format}"`);
  fs.renameSync(tmp, exe);
  Object.assign(result, {
    standalone: true,
    format,
    bytes: fs.statSync(exe).size,
    seconds: (Date.now() - started) / 1000,
  });
  fs.writeFileSync(record, JSON.stringify(result, null, 2));
  return result;
}

async function main() {
  const targets = selectTargets(process.argv.slice(2));
  for (const e of EXECUTABLES) {
    const started = Date.now();
    await bundle(e);
    timings.push(`${e.name}: bundle (esbuild) ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const blobs = timed(`${e.name}: preparation blobs`, () => ({ codeCache: blob(e, true), plain: blob(e, false) }));
    for (const t of targets) {
      const r = timed(`${e.name}: ${t.id}`, () => buildTarget(e, t, blobs));
      const size = r.bytes ? ` (${(r.bytes / 1048576).toFixed(1)} MiB)` : "";
      const file = path.relative(ROOT, path.join(e.out, t.id, exeName(e, t)));
      console.log(
        `standalone: ${e.name}: ${t.id}: ${r.standalone ? `${file}${size}${r.reused ? ", reused" : ""}` : `NOT BUILT: ${r.reason}`}`,
      );
    }
  }
  console.log(`standalone: ${timings.join("; ")}`);
}

if (require.main === module)
  main().catch((err) => {
    process.stderr.write(`build-standalone: ${err.stack ?? err.message}\n`);
    process.exitCode = 1;
  });

module.exports = { EXECUTABLES, PLUGIN, CLI, exeName };
