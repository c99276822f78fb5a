#!/usr/bin/env node
// Makes the package's bin targets (package.json `bin`) executable after the build writes them:
// tsc and esbuild create new files without the execute bit, and npm sets it only on a package
// it installs, so a checkout's own build would otherwise leave `pulumi-uptime` unrunnable for
// `npx` in the checkout (the GitHub Action runs it that way).
//
// dist/cli/main.js was the `pulumi-uptime` bin before dist/bin's bundles: npx keeps the bin
// link it made for a checkout in its cache (~/.npm/_npx) and reuses it without relinking, so
// that link still names dist/cli/main.js, which must stay runnable (it runs the same command).
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const { bin } = require(path.join(root, "package.json"));
const FORMER_BINS = ["dist/cli/main.js"];
for (const target of [...Object.values(bin), ...FORMER_BINS]) {
  const file = path.join(root, target);
  if (fs.existsSync(file)) fs.chmodSync(file, 0o755);
}
