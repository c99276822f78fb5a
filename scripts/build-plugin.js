#!/usr/bin/env node
/**
 * The last step of `npm run build` (so also of `npm run plugin` and of `npm pack`'s prepack):
 * dist/plugin/pulumi-resource-uptime, a launcher that runs dist/plugin/main.js with the `node`
 * on the PATH, found relative to the launcher itself (symlinks resolved), so that
 * `plugins.providers` in a program's Pulumi.yaml can point at dist/plugin from anywhere in
 * this checkout, or in the npm package's install (which ships it). For local use: what users install is the
 * standalone executable (scripts/build-standalone.js) in its release archive
 * (scripts/plugin-archives.js, `npm run release`).
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "dist", "plugin");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const LAUNCHER = "pulumi-resource-uptime";

const launcher = `#!/bin/sh
# ${LAUNCHER}: the uptime provider plugin (pulumi-uptime ${pkg.version}), run with Node.js.
# Its code is found relative to this file, never the program's directory.
self="$0"
resolved="$(readlink -f "$self" 2>/dev/null)" && [ -n "$resolved" ] && self="$resolved"
here="$(cd "$(dirname "$self")" && pwd)"
exec node "$here/main.js" "$@"
`;

if (!fs.existsSync(path.join(OUT, "main.js")))
  throw new Error("dist/plugin/main.js is missing: run `npm run build` first");
// Earlier versions wrote the Node.js tarball here; release archives now live in dist/release.
for (const f of fs.readdirSync(OUT)) if (f.endsWith(".tar.gz")) fs.rmSync(path.join(OUT, f));
fs.writeFileSync(path.join(OUT, LAUNCHER), launcher);
fs.chmodSync(path.join(OUT, LAUNCHER), 0o755);
console.log(`plugin: ${path.relative(ROOT, path.join(OUT, LAUNCHER))}`);
