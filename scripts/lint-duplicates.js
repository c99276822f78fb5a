#!/usr/bin/env node
// `npm run lint:duplicates`: the copy-paste gate. jscpd (.jscpd.json: runs of 6 or more lines
// the same token for token) scans src/, test/ and bench/ each on its own, as the budgets are
// counted, and fails when a folder holds more clones than its ceiling below. The budgets of
// copy-paste are counted in pairs of places by the `duplicates` tool, which finds lines of the
// same shape too (src ≤ 6, test ≤ 25, bench ≤ 10); jscpd, which a lint step can run anywhere,
// sees only the exact copies among them, so each ceiling is jscpd's count at the last
// clean-up of the folder. Removing copies lowers the count: the gate then says so, and the
// ceiling is lowered to match, so that it never leaves room for new ones.
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const CEILINGS = { src: 1, test: 14, bench: 4 };

let failed = false;
for (const [folder, ceiling] of Object.entries(CEILINGS)) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "jscpd-"));
  try {
    const bin = path.join(root, "node_modules", ".bin", "jscpd");
    const r = spawnSync(bin, ["--config", ".jscpd.json", "--output", out, folder], { cwd: root, encoding: "utf8" });
    if (r.status !== 0) {
      process.stderr.write(`jscpd failed on ${folder}/ (exit ${r.status}):\n${r.stdout}${r.stderr}`);
      process.exit(2);
    }
    const clones = JSON.parse(fs.readFileSync(path.join(out, "jscpd-report.json"), "utf8")).duplicates;
    if (clones.length > ceiling) {
      failed = true;
      process.stderr.write(`${folder}/: ${clones.length} copied runs of 6 or more lines, ceiling ${ceiling}:\n`);
      for (const c of clones) {
        const at = (f) => `${folder}/${f.name}:${f.start}-${f.end}`;
        process.stderr.write(`  ${at(c.firstFile)} ~ ${at(c.secondFile)}\n`);
      }
    } else if (clones.length < ceiling) {
      process.stdout.write(
        `${folder}/: ${clones.length} copied runs, under its ceiling of ${ceiling}: lower it in scripts/lint-duplicates.js\n`,
      );
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
if (failed) {
  process.stderr.write(
    "Share the code instead of copying it (test/support for tests), or see CONTRIBUTING.md, Copy-paste.\n",
  );
  process.exit(1);
}
