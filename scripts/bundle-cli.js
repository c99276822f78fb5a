#!/usr/bin/env node
/**
 * `node scripts/bundle-cli.js` (part of `npm run build`, after tsc): the npm package's
 * `pulumi-uptime` bin, dist/bin/pulumi-uptime.js, and one bundle per subcommand beside it
 * (dist/bin/test.js, ...), which it loads when that subcommand runs, as dist/cli/main.js
 * loads dist/cli/<subcommand>.js. Each bundle holds our code, zod (English only, which every
 * start needs) and `yaml` where the subcommand reads or writes YAML (from node_modules, its
 * seventy-odd files took 40 to 100 ms of `test --file`'s start; bundled, a few ms, and its
 * modules run only when a file is read); the other packages (@pulumi/pulumi, undici...) stay
 * in node_modules and load only when a path needs them. scripts/lib/cli-bundle.js says why.
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");
const { bundleOptions, ROOT } = require("./lib/cli-bundle");

const OUT = path.join(ROOT, "dist", "bin");
/** The subcommands dist/cli/main.js loads by `require("./<name>")`. */
const SUBCOMMANDS = ["export", "migrate", "test", "verify", "audit", "maintenance"];
/** Packages bundled: loaded at every start. Every other package is required at run time. */
const BUNDLED_PACKAGES = new Set(["zod", "yaml"]);

/** Every dependency of the package except those bundled. */
function externalPackages() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies });
  return names.filter((n) => !BUNDLED_PACKAGES.has(n)).flatMap((n) => [n, `${n}/*`]);
}

async function main() {
  const main = path.join(ROOT, "dist", "cli", "main.js");
  if (!fs.existsSync(main)) throw new Error("dist/cli/main.js is missing: run tsc first (`npm run build`)");
  fs.rmSync(OUT, { recursive: true, force: true });
  const packages = externalPackages();
  await Promise.all([
    esbuild.build(
      bundleOptions({
        entry: "dist/cli/main.js",
        outfile: path.join(OUT, "pulumi-uptime.js"),
        // The subcommands are their own bundles, beside this one under the same names.
        external: [...packages, ...SUBCOMMANDS.map((s) => `./${s}`)],
      }),
    ),
    ...SUBCOMMANDS.map((s) =>
      esbuild.build(
        bundleOptions({ entry: `dist/cli/${s}.js`, outfile: path.join(OUT, `${s}.js`), external: packages }),
      ),
    ),
  ]);
}

main().catch((err) => {
  process.stderr.write(`bundle-cli: ${err.message}\n`);
  process.exitCode = 1;
});
