#!/usr/bin/env node
/**
 * The Node.js releases the tests run Pulumi programs on besides the machine's own: the newest
 * LTS we test (NEWEST_NODE) and the floor we claim (the oldest version package.json's
 * `engines.node` allows). Each is this machine's official binary from the npm package
 * `node-<platform>` (scripts/lib/node-dist.js), kept in .tools/node-dist/<version>/<target>/,
 * a directory holding only `node`, to put first on a PATH. Prints one `<version> <directory>`
 * line per release.
 *
 *   node scripts/ensure-node.js            # the newest and the floor
 *   node scripts/ensure-node.js 24.22.3    # named versions
 */
"use strict";
const path = require("node:path");
const { nodeBinary } = require("./lib/node-dist");
const { selectTargets } = require("./lib/targets");

/** The newest Node.js LTS line the tests run programs on, with the newest @pulumi/pulumi. */
const NEWEST_NODE = "24.22.3";

/** The oldest Node.js package.json's engines allow (`>=X.Y.Z`). */
function floorNode() {
  const range = require("../package.json").engines.node;
  const m = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range);
  if (!m) throw new Error(`engines.node is ${JSON.stringify(range)}: expected ">=X.Y.Z"`);
  return m[1];
}

const versions = process.argv.length > 2 ? process.argv.slice(2) : [NEWEST_NODE, floorNode()];
const [host] = selectTargets(["host"]);
for (const v of versions) console.log(`${v} ${path.dirname(nodeBinary(host, v))}`);
