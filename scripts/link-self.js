#!/usr/bin/env node
// Links node_modules/pulumi-uptime to this checkout, so that the Pulumi programs inside
// it (the root program, examples/, test fixtures) resolve the package by name exactly as
// a user's program does, and so does the serialized provider, which requires
// "pulumi-uptime/runtime" from the program's directory.
const fs = require("node:fs");
const path = require("node:path");

/** Creates (or repairs) the link; does nothing when it already points here. */
function linkSelf() {
  const root = path.resolve(__dirname, "..");
  const link = path.join(root, "node_modules", "pulumi-uptime");
  fs.mkdirSync(path.dirname(link), { recursive: true });
  try {
    const current = fs.readlinkSync(link);
    if (path.resolve(path.dirname(link), current) === root) return;
  } catch {
    // Not a link (or absent): replaced below.
  }
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync("..", link, "dir");
}

module.exports = { linkSelf };
if (require.main === module) linkSelf();
