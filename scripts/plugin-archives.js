#!/usr/bin/env node
/**
 * `node scripts/plugin-archives.js [host|all|<os>-<arch>...]` (after build-standalone.js):
 * the release archives of the standalone executables in dist/release/, one per executable and
 * platform, `<name>-v<version>-<os>-<arch>.tar.gz`, each holding at its root the executable
 * (dist/plugin-bin/<os>-<arch>/ or dist/cli-bin/<os>-<arch>/), a README.md and the LICENSE:
 * the plugin's, `pulumi-resource-uptime-…`, named as the Pulumi CLI downloads them, and the
 * command line's, `pulumi-uptime-…`.
 *
 * A platform whose executable could not be built (dist/<plugin-bin|cli-bin>/<target>/build.json
 * says why) gets the Node.js launcher instead, `<name>` beside the bundle, which runs wherever
 * `node` is on the PATH: its archive is named `…-requires-node.tar.gz` (never the name of a
 * standalone one, which the Pulumi CLI and users take to need no Node.js) and its README says so
 * and why. `npm run release` refuses to publish such an archive unless told to (release.js).
 *
 * Archives are reproducible: sorted entries, owner 0, a fixed mtime (SOURCE_DATE_EPOCH, else
 * the last commit's time), gzip without a timestamp.
 */
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { NODE_VERSION, selectTargets, archiveName } = require("./lib/targets");
const { EXECUTABLES, PLUGIN, exeName } = require("./build-standalone");

const ROOT = path.resolve(__dirname, "..");
const RELEASE = path.join(ROOT, "dist", "release");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

function sourceDateEpoch() {
  if (process.env.SOURCE_DATE_EPOCH) return process.env.SOURCE_DATE_EPOCH;
  try {
    return execFileSync("git", ["log", "-1", "--format=%ct"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "0";
  }
}

/** What the README says of each executable, and how to install it. */
function about(executable, target, build) {
  if (executable === PLUGIN)
    return {
      what: "The provider plugin of the `uptime` Pulumi package: Monitor and Incident resources for the uptime-monitoring HTTP API.",
      install: [
        build.standalone
          ? "The Pulumi CLI installs it by itself the first time a program uses the package (the SDKs and the schema name where to download it from). By hand:"
          : "The Pulumi CLI does not download this archive by itself (it looks for the standalone one's name). Install it by hand:",
        "",
        "```sh",
        `pulumi plugin install resource uptime ${pkg.version} --file ${archiveName(pkg.version, target, PLUGIN.name, !build.standalone)}`,
        "```",
      ],
    };
  return {
    what: "The `pulumi-uptime` command line: `export`, `test`, `verify` and `audit` of the monitors of an uptime-monitoring account and of the Pulumi stacks that declare them (`pulumi-uptime --help`).",
    install: [
      `Put \`${exeName(executable, target)}\` anywhere on the PATH. What reads or writes a Pulumi stack runs the \`pulumi\` CLI, which must be on the PATH too.`,
    ],
  };
}

function readme(executable, target, build) {
  const { what, install } = about(executable, target, build);
  const lines = [`# ${executable.name} ${pkg.version} (${target.id})`, "", what, ""];
  if (build.standalone) {
    lines.push(
      `\`${exeName(executable, target)}\` is a standalone executable: Node.js ${NODE_VERSION} with the \`${executable.name}\` code built in (Node's single executable applications). It needs no Node.js installed.` +
        (target.os === "darwin"
          ? " It is signed ad hoc (no Apple Developer ID), which Apple silicon requires to run it."
          : ""),
    );
  } else {
    lines.push(
      `**This platform's standalone executable could not be built for this release** (${build.reason}). ` +
        `This archive holds the Node.js launcher instead: \`${executable.name}\` runs \`${executable.name}.js\` (all of its code in one file) with the \`node\` on the PATH, which must be Node.js 22.12.0 or later.`,
    );
  }
  lines.push("", ...install, "", `Documentation: ${pkg.homepage}`, "", "License: Apache-2.0 (LICENSE).", "");
  return lines.join("\n");
}

function launcher(executable) {
  return `#!/bin/sh
# ${executable.name} ${pkg.version}: runs the bundle beside this file with Node.js.
self="$0"
resolved="$(readlink -f "$self" 2>/dev/null)" && [ -n "$resolved" ] && self="$resolved"
exec node "$(cd "$(dirname "$self")" && pwd)/${executable.name}.js" "$@"
`;
}

/** The build record of one executable for one target (build-standalone.js writes it). */
function buildRecord(executable, target) {
  const record = path.join(executable.out, target.id, "build.json");
  if (!fs.existsSync(record))
    throw new Error(
      `${path.relative(ROOT, record)} is missing: run \`node scripts/build-standalone.js ${target.id}\` first`,
    );
  return JSON.parse(fs.readFileSync(record, "utf8"));
}

/**
 * The executables of `targets` that are no standalone executable (their archive would need
 * Node.js), each as "<name> <target>: <reason>"; empty when every one is standalone.
 */
function launcherOnly(executables, targets) {
  return executables.flatMap((e) =>
    targets.flatMap((t) => {
      const build = buildRecord(e, t);
      return build.standalone ? [] : [`${e.name} ${t.id}: ${build.reason || "not built"}`];
    }),
  );
}

/**
 * Throws, naming each platform and why, when an executable of `targets` is no standalone one,
 * unless `allowLauncher`: what `npm run release` checks before it writes anything.
 */
function refuseLaunchers(executables, targets, allowLauncher) {
  const launchers = launcherOnly(executables, targets);
  if (launchers.length && !allowLauncher)
    throw new Error(
      `these platforms have no standalone executable, and their archives would need Node.js: ${launchers.join("; ")}. ` +
        "Fix that (for macOS: scripts/build-rcodesign.sh), or run `npm run release -- --allow-node-launcher` to publish them as `…-requires-node.tar.gz`",
    );
  return launchers;
}

/** Writes the archive of one executable for one target; returns its path. */
function archive(executable, target, mtime) {
  const build = buildRecord(executable, target);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-archive-"));
  try {
    const exe = exeName(executable, target);
    if (build.standalone) {
      fs.copyFileSync(path.join(executable.out, target.id, exe), path.join(stage, exe));
      fs.chmodSync(path.join(stage, exe), 0o755);
    } else {
      fs.copyFileSync(executable.bundle, path.join(stage, `${executable.name}.js`));
      fs.writeFileSync(path.join(stage, executable.name), launcher(executable), { mode: 0o755 });
    }
    fs.writeFileSync(path.join(stage, "README.md"), readme(executable, target, build));
    fs.copyFileSync(path.join(ROOT, "LICENSE"), path.join(stage, "LICENSE"));
    fs.mkdirSync(RELEASE, { recursive: true });
    const out = path.join(RELEASE, archiveName(pkg.version, target, executable.name, !build.standalone));
    const files = fs.readdirSync(stage).sort();
    const tar = [
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      `--mtime=@${mtime}`,
      "-cf",
      "-",
      "-C",
      stage,
      ...files,
    ];
    const gz = execFileSync("sh", ["-c", 'tar "$@" | gzip -n', "tar", ...tar], { maxBuffer: 1 << 30 });
    fs.writeFileSync(out, gz);
    return { out, build };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function main() {
  const mtime = sourceDateEpoch();
  for (const e of EXECUTABLES)
    for (const t of selectTargets(process.argv.slice(2))) {
      const started = Date.now();
      const { out, build } = archive(e, t, mtime);
      const mib = (fs.statSync(out).size / 1048576).toFixed(1);
      console.log(
        `plugin-archives: ${path.relative(ROOT, out)} (${mib} MiB, ${build.standalone ? "standalone" : "Node.js launcher"}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
}

if (require.main === module) main();

module.exports = { RELEASE, archive, refuseLaunchers, sourceDateEpoch };
