#!/usr/bin/env node
/**
 * `npm run release` (after `npm run build`): everything a release publishes, in dist/release/:
 *
 * - the standalone executables' archives, one per platform, of the plugin
 *   (`pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz`) and of the command line
 *   (`pulumi-uptime-v<version>-<os>-<arch>.tar.gz`) (scripts/build-standalone.js all,
 *   scripts/plugin-archives.js all);
 * - the Node.js SDK's npm tarball (`npm pack` of dist/sdk/nodejs, built by scripts/build-sdks.js);
 * - the Python SDK's sdist and wheel (`python -m build`, in .tools/release-venv from
 *   scripts/release-requirements.txt);
 * - the Go SDK as a module directory, sdk-go/, to be tagged `sdk/go/v<version>` (its module path
 *   is <repository>/sdk/go), and the same as a tarball;
 * - the .NET SDK's sources as a tarball (no .NET SDK here to `dotnet pack` it);
 * - the Java SDK's jar and pom, as Maven Central takes them (built by scripts/build-sdks.js);
 * - the main npm package's tarball (`npm pack`);
 * - RELEASE_NOTES.md, the section of CHANGELOG.md for this version;
 * - SHA256SUMS of every file above (`sha256sum -c SHA256SUMS` checks them).
 *
 * It first fails when versions disagree (package.json, schema.json, every SDK, the plugin:
 * scripts/lib/versions.js), when CHANGELOG.md has no section for the version, or when a
 * platform's executable could not be built standalone (macOS without `rcodesign` to sign it):
 * the release's archives are the ones that need no Node.js. `--allow-node-launcher` publishes
 * those platforms' Node.js launchers instead, in archives named `…-requires-node.tar.gz`
 * (plugin-archives.js), which the Pulumi CLI does not download by itself. Prints how long each
 * piece took.
 */
"use strict";
const { execFileSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { hostTargetId, TARGETS } = require("./lib/targets");
const { checkVersions } = require("./lib/versions");
const { ensureVenv } = require("./lib/python-venv");
const { EXECUTABLES } = require("./build-standalone");
const { refuseLaunchers } = require("./plugin-archives");

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "dist", "release");
const timings = [];

async function step(label, fn) {
  const started = Date.now();
  console.log(`release: ${label}...`);
  const result = await fn();
  timings.push([label, (Date.now() - started) / 1000]);
  return result;
}

const run = (cmd, args, opts = {}) =>
  execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], ...opts });
const node = (script, ...args) => run(process.execPath, [path.join(__dirname, script), ...args]);

function notes(version) {
  const text = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
  const start = text.search(new RegExp(`^## ${version.replace(/\./g, "\\.")}\\s*$`, "m"));
  if (start < 0) throw new Error(`CHANGELOG.md has no "## ${version}" section: write this release's notes there first`);
  const rest = text.slice(start);
  const next = rest.slice(3).search(/^## /m);
  return (next < 0 ? rest : rest.slice(0, next + 3)).trim() + "\n";
}

function tarGz(out, dir) {
  const gz = execFileSync(
    "sh",
    ["-c", 'tar --sort=name --owner=0 --group=0 --numeric-owner -cf - -C "$1" . | gzip -n', "tar", dir],
    { maxBuffer: 1 << 30 },
  );
  fs.writeFileSync(out, gz);
}

async function pythonSdk() {
  const bin = await ensureVenv({
    dir: path.join(ROOT, ".tools", "release-venv"),
    requirements: path.join(__dirname, "release-requirements.txt"),
  });
  run(
    path.join(bin, "python"),
    ["-m", "build", "--sdist", "--wheel", "--outdir", OUT, path.join(ROOT, "dist", "sdk", "python")],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

async function main() {
  const host = TARGETS.find((t) => t.id === hostTargetId());
  await step("plugin and CLI executables, all platforms (build-standalone.js all)", () =>
    node("build-standalone.js", "all"),
  );
  refuseLaunchers(EXECUTABLES, TARGETS, process.argv.includes("--allow-node-launcher"));
  const version = await checkVersions(path.join(ROOT, "dist", "plugin-bin", host.id, host.exe));
  const releaseNotes = notes(version);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  await step("plugin and CLI archives (plugin-archives.js all)", () => node("plugin-archives.js", "all"));
  await step("SDKs built into dist/sdk (build-sdks.js)", () => node("build-sdks.js"));
  await step("Node.js SDK tarball (npm pack)", () =>
    run("npm", ["pack", "--silent", "--pack-destination", OUT, path.join(ROOT, "dist", "sdk", "nodejs")], {
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  await step("Python SDK sdist and wheel (python -m build)", pythonSdk);
  await step("Go SDK module and .NET sources", () => {
    fs.cpSync(path.join(ROOT, "dist", "sdk", "go"), path.join(OUT, "sdk-go"), { recursive: true });
    tarGz(path.join(OUT, `pulumi-uptime-sdk-go-v${version}.tar.gz`), path.join(OUT, "sdk-go"));
    tarGz(path.join(OUT, `PulumiUptime.Uptime-${version}-sources.tar.gz`), path.join(ROOT, "dist", "sdk", "dotnet"));
  });
  await step("Java SDK jar and pom", () => {
    const target = path.join(ROOT, "dist", "sdk", "java", "target");
    fs.copyFileSync(path.join(target, `uptime-${version}.jar`), path.join(OUT, `uptime-${version}.jar`));
    fs.copyFileSync(path.join(ROOT, "dist", "sdk", "java", "pom.xml"), path.join(OUT, `uptime-${version}.pom`));
  });
  await step("main npm package (npm pack)", () =>
    run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", OUT], {
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  fs.writeFileSync(path.join(OUT, "RELEASE_NOTES.md"), releaseNotes);
  const files = fs
    .readdirSync(OUT)
    .filter((f) => fs.statSync(path.join(OUT, f)).isFile() && f !== "SHA256SUMS")
    .sort();
  const sums = files.map(
    (f) =>
      `${crypto
        .createHash("sha256")
        .update(fs.readFileSync(path.join(OUT, f)))
        .digest("hex")}  ${f}`,
  );
  fs.writeFileSync(path.join(OUT, "SHA256SUMS"), sums.join("\n") + "\n");
  for (const f of [...files, "SHA256SUMS"])
    console.log(`release: dist/release/${f} (${(fs.statSync(path.join(OUT, f)).size / 1048576).toFixed(1)} MiB)`);
  console.log(`release: ${version}; ${timings.map(([l, s]) => `${l} ${s.toFixed(1)} s`).join("; ")}`);
}

main().catch((err) => {
  console.error(`release: ${err.message}`);
  process.exit(1);
});
