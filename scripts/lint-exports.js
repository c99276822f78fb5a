#!/usr/bin/env node
// `npm run lint:exports`: the dead-export gate. knip in production mode (knip.jsonc) reports
// every file and export of src/ that no other src/ file or entry point uses; tests do not
// count. The few exports kept for tests alone are listed, each with its reason, in
// test-only-exports.json, and only those pass. knip's own escape hatch, a doc comment tag
// (@internal, @public, @beta, @alias) on an export, would hide an export from this list, so
// the gate refuses such a tag in src/. A listed export that src/ uses again, or that is gone,
// fails too, so the list holds only what it has to.
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const LIST = "test-only-exports.json";
const HIDING_TAGS = /@(internal|public|beta|alias)\b/;

/** `file: name` of every export in src/ whose doc comment carries a tag that makes knip skip it. */
function hiddenByTags() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) {
        const text = fs.readFileSync(full, "utf8");
        for (const m of text.matchAll(
          /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?\w+\s+(\w+)/g,
        )) {
          if (HIDING_TAGS.test(m[1])) found.push(`${path.relative(root, full)}: ${m[2]}`);
        }
      }
    }
  };
  walk(path.join(root, "src"));
  return found;
}

/** knip's production report as `file: name` lines, with the other kinds of issue it found. */
function knipReport() {
  const knip = path.join(root, "node_modules", "knip", "bin", "knip.js");
  const run = spawnSync(process.execPath, [knip, "--production", "--no-progress", "--reporter", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    process.stderr.write(`knip did not report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    process.exit(2);
  }
  const exports = [];
  const other = report.files.map((file) => `unused file: ${file}`);
  for (const issue of report.issues) {
    for (const kind of ["exports", "types", "nsExports", "nsTypes"]) {
      for (const item of issue[kind] ?? []) exports.push(`${issue.file}: ${item.name}`);
    }
    for (const [kind, items] of Object.entries(issue)) {
      if (["file", "exports", "types", "nsExports", "nsTypes"].includes(kind)) continue;
      const names = Array.isArray(items) ? items.map((i) => i.name) : Object.keys(items ?? {});
      for (const name of names) other.push(`${kind}: ${issue.file}: ${name}`);
    }
  }
  return { exports, other };
}

const listed = new Map();
for (const [file, names] of Object.entries(JSON.parse(fs.readFileSync(path.join(root, LIST), "utf8")))) {
  if (file.startsWith("$")) continue;
  for (const [name, reason] of Object.entries(names)) listed.set(`${file}: ${name}`, reason);
}

const problems = [];
const tagged = hiddenByTags();
if (tagged.length) {
  problems.push(
    `exports whose doc comment tag hides them from knip (list them in ${LIST} instead):`,
    ...tagged.map((t) => `  ${t}`),
  );
}
const { exports: unused, other } = knipReport();
const unlisted = unused.filter((e) => !listed.has(e));
if (unlisted.length) {
  problems.push(
    `exports no src/ file or entry point uses (move test-only code to test/, or list it in ${LIST} with its reason):`,
    ...unlisted.map((e) => `  ${e}`),
  );
}
const stale = [...listed.keys()].filter((e) => !unused.includes(e));
if (stale.length) {
  problems.push(
    `listed in ${LIST} but not a test-only export any more (remove the entry):`,
    ...stale.map((e) => `  ${e}`),
  );
}
if (other.length) problems.push("other issues knip found:", ...other.map((o) => `  ${o}`));

if (problems.length) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}
