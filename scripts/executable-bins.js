#!/usr/bin/env node
// Makes the package's bin targets (package.json `bin`) executable after tsc writes them:
// tsc creates new files without the execute bit, and npm sets it only on a package it
// installs, so a checkout's own build would otherwise leave `pulumi-uptime` unrunnable for
// `npx` in the checkout (the GitHub Action runs it that way).
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const { bin } = require(path.join(root, "package.json"));
for (const target of Object.values(bin)) {
  const file = path.join(root, target);
  if (fs.existsSync(file)) fs.chmodSync(file, 0o755);
}
