#!/usr/bin/env node
/**
 * `npm run plugin` (after `npm run build`): the provider plugin in dist/plugin/.
 *
 * - dist/plugin/pulumi-resource-uptime: a launcher that runs dist/plugin/main.js with Node.js,
 *   found relative to the launcher itself (symlinks resolved), so `plugins.providers` in a
 *   program's Pulumi.yaml can point at dist/plugin from anywhere.
 * - dist/plugin/pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz: the same launcher at
 *   the root of a copy of the package (package.json, dist/) with its production
 *   dependencies as real directories (no links), for
 *   `pulumi plugin install resource uptime <version> --file <tarball>`.
 *
 * The dependencies are copied from this checkout's node_modules (what package-lock.json
 * installed): the package's `dependencies` and its `@pulumi/pulumi` peer, and everything
 * they depend on, each at the same place in the tree so that Node resolves them as here.
 */
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "dist", "plugin");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const LAUNCHER = "pulumi-resource-uptime";

function launcher(mainFromHere) {
  return `#!/bin/sh
# ${LAUNCHER}: the uptime provider plugin (pulumi-uptime ${pkg.version}), run with Node.js.
# Its code is found relative to this file, never the program's directory.
self="$0"
resolved="$(readlink -f "$self" 2>/dev/null)" && [ -n "$resolved" ] && self="$resolved"
here="$(cd "$(dirname "$self")" && pwd)"
exec node "$here/${mainFromHere}" "$@"
`;
}

function writeLauncher(dir, mainFromHere) {
  const file = path.join(dir, LAUNCHER);
  fs.writeFileSync(file, launcher(mainFromHere));
  fs.chmodSync(file, 0o755);
  return file;
}

/** The directory `name` resolves to from `fromDir`, as Node's resolution walks up node_modules. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === ROOT || dir === path.dirname(dir)) return undefined;
  }
}

/** Every package directory the production closure needs, relative to ROOT. */
function productionClosure() {
  const optionalPeer = (p, n) => p.peerDependenciesMeta?.[n]?.optional;
  const rootNames = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}).filter((n) => !optionalPeer(pkg, n))];
  const seen = new Set();
  const queue = rootNames.map((name) => ({ name, from: ROOT, required: true }));
  while (queue.length) {
    const { name, from, required } = queue.shift();
    const dir = resolvePackage(name, from);
    if (!dir) {
      if (required) throw new Error(`${name} (needed from ${path.relative(ROOT, from) || "."}) is not installed: run npm install`);
      continue;
    }
    const rel = path.relative(ROOT, fs.realpathSync(dir));
    if (rel.startsWith("..") || seen.has(rel)) continue;
    seen.add(rel);
    const p = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    for (const n of Object.keys(p.dependencies ?? {})) queue.push({ name: n, from: dir, required: true });
    for (const n of Object.keys(p.optionalDependencies ?? {})) queue.push({ name: n, from: dir, required: false });
    for (const n of Object.keys(p.peerDependencies ?? {})) if (!optionalPeer(p, n)) queue.push({ name: n, from: dir, required: false });
  }
  return [...seen].sort();
}

function copyPackage(rel, stage) {
  const src = path.join(ROOT, rel);
  // A package's own node_modules holds other packages of the closure, copied on their own.
  fs.cpSync(src, path.join(stage, rel), {
    recursive: true,
    dereference: true,
    filter: (s) => !(s !== src && path.basename(s) === "node_modules" && path.dirname(s) === src),
  });
}

function main() {
  if (!fs.existsSync(path.join(OUT, "main.js"))) throw new Error("dist/plugin/main.js is missing: run `npm run build` first");
  writeLauncher(OUT, "main.js");
  for (const f of fs.readdirSync(OUT)) if (f.endsWith(".tar.gz")) fs.rmSync(path.join(OUT, f));

  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-resource-uptime-"));
  try {
    fs.copyFileSync(path.join(ROOT, "package.json"), path.join(stage, "package.json"));
    for (const f of ["README.md", "schema.json"]) if (fs.existsSync(path.join(ROOT, f))) fs.copyFileSync(path.join(ROOT, f), path.join(stage, f));
    fs.cpSync(path.join(ROOT, "dist"), path.join(stage, "dist"), {
      recursive: true,
      filter: (s) => !(s.endsWith(".tar.gz") || s.endsWith(".map") || s === path.join(OUT, LAUNCHER)),
    });
    const closure = productionClosure();
    for (const rel of closure) copyPackage(rel, stage);
    writeLauncher(stage, "dist/plugin/main.js");
    const platform = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform] ?? process.platform;
    const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
    const tarball = path.join(OUT, `${LAUNCHER}-v${pkg.version}-${platform}-${arch}.tar.gz`);
    execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
    const mb = (fs.statSync(tarball).size / 1048576).toFixed(1);
    console.log(`plugin: ${path.relative(ROOT, path.join(OUT, LAUNCHER))}`);
    console.log(`plugin: ${path.relative(ROOT, tarball)} (${mb} MiB, ${closure.length} packages)`);
    console.log(`install: pulumi plugin install resource uptime ${pkg.version} --file ${path.relative(ROOT, tarball)}`);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

main();
