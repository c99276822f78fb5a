#!/usr/bin/env node
/**
 * `npm run fuzz`: the fuzz and property tests that need no engine, with a fresh random seed
 * (the suites CI runs take the commit's: test/support/seed.ts). The seed is printed first,
 * and FUZZ_SEED=<seed> replays it (`FUZZ_SEED=<seed> npm run fuzz` too). Extra arguments go
 * to vitest (e.g. `npm run fuzz -- -t Monitor`).
 *
 * The tests are the files under test/ that use fast-check or test/support/seed.ts and run in
 * the unit and server suites (vitest.config.ts runs both), found by their imports, so a new
 * property test is included without a list to keep. Schemathesis (`npm run test:api-fuzz`, needs Python) and
 * the reliability tests under the engine (`npm run test:reliability`) take FUZZ_SEED as well;
 * run them with it when you want them too.
 *
 * `node scripts/fuzz.js --print-seed` prints a fresh seed and exits (repeat.sh, soak.sh).
 */
"use strict";
const { spawnSync } = require("node:child_process");
const { randomInt } = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

/** A fresh seed in [0, 2^31), as test/support/seed.ts accepts. */
function freshSeed() {
  return randomInt(0, 2 ** 31);
}

/** Test files (relative to ROOT) that import fast-check or the seed helper, outside the suites that need an engine. */
function fuzzFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!["node_modules", "fixtures", ".work", "e2e", "sdk", "upgrade"].includes(e.name)) walk(p);
      } else if (e.name.endsWith(".test.ts")) {
        const text = fs.readFileSync(p, "utf8");
        if (/from "fast-check"|support\/seed"/.test(text)) out.push(path.relative(ROOT, p));
      }
    }
  };
  walk(path.join(ROOT, "test"));
  return out.sort();
}

if (process.argv.includes("--print-seed")) {
  console.log(freshSeed());
  process.exit(0);
}

const seed = process.env.FUZZ_SEED ? process.env.FUZZ_SEED : String(freshSeed());
const files = fuzzFiles();
console.log(`fuzz: FUZZ_SEED=${seed} (${process.env.FUZZ_SEED ? "given" : "fresh"}), ${files.length} files:`);
for (const f of files) console.log(`  ${f}`);
const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
const r = spawnSync(process.execPath, [vitest, "run", ...files, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed },
});
console.log(`fuzz: FUZZ_SEED=${seed} ${r.status === 0 ? "passed" : "FAILED: rerun with this FUZZ_SEED to replay"}`);
process.exit(r.status ?? 1);
