#!/usr/bin/env node
// npm's `prepare` step. In a development checkout (src/ is here) it links the package into
// its own node_modules (scripts/link-self.js) and, when dist/ is missing, compiles and bundles it
// and writes the plugin's launcher (dist/plugin/pulumi-resource-uptime): an
// install from git (`npm install <git url>`) runs only `prepare` before packing the clone,
// so this is what puts dist/ into such an install. `npm pack` and `npm publish` always
// rebuild first (`prepack`). It also compiles the policy pack in policy/ (an npm workspace of
// this checkout, so `npm install` installs its dependencies) when policy/dist/ is missing, so that
// `pulumi preview --policy-pack <checkout>/policy` works after `npm install`. In an installed copy
// of the package (no src/) it does nothing.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
if (!fs.existsSync(path.join(root, "src")) || !fs.existsSync(path.join(root, "tsconfig.json"))) process.exit(0);

require("./link-self.js").linkSelf();
if (!fs.existsSync(path.join(root, "dist", "index.js"))) {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.json")], { stdio: "inherit" });
}
// The `pulumi-uptime` bin is dist/bin's bundles of dist/cli (scripts/bundle-cli.js).
if (!fs.existsSync(path.join(root, "dist", "bin", "pulumi-uptime.js"))) {
  execFileSync(process.execPath, [path.join(__dirname, "bundle-cli.js")], { stdio: "inherit" });
}
// dist/plugin/pulumi-resource-uptime, the launcher a program's `plugins.providers` points at
// (scripts/build-plugin.js): a git install has it too, as the docs say.
if (!fs.existsSync(path.join(root, "dist", "plugin", "pulumi-resource-uptime"))) {
  execFileSync(process.execPath, [path.join(__dirname, "build-plugin.js")], { stdio: "inherit" });
}
// The pack imports the value lists from dist/, so it compiles after it.
const policy = path.join(root, "policy");
if (fs.existsSync(path.join(policy, "tsconfig.json")) && !fs.existsSync(path.join(policy, "dist", "index.js"))) {
  let installed = true;
  try {
    require.resolve("@pulumi/policy", { paths: [policy] });
  } catch {
    installed = false;
  }
  // An install that left the workspace out (`npm install --workspaces=false`) skips the pack.
  if (installed) {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
    execFileSync(process.execPath, [tsc, "-p", path.join(policy, "tsconfig.json")], { stdio: "inherit" });
  } else {
    console.log("prepare: policy/ not compiled: @pulumi/policy is not installed (npm install installs it)");
  }
}
