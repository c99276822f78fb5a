/**
 * How the command line `pulumi-uptime` is bundled with esbuild, for the npm package's bin
 * (scripts/bundle-cli.js) and the standalone executables (scripts/build-standalone.js).
 *
 * A command is started for every use (CI jobs run `test` and `verify` on each deploy), so
 * what its start loads counts: loading dist/cli's modules one file at a time, and zod's main
 * entry, which loads every one of its 50-odd locales for error messages in English only, was
 * a third of `pulumi-uptime test`'s time over a 1,000-monitor file (docs/performance.md, B12).
 */
"use strict";
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");

/**
 * An esbuild plugin: zod's locale index, which its main entry loads whole, answers with English
 * alone (the messages we show are English; `z.locales` is not used). Every other file of zod is
 * bundled as published.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /[/\\]locales[/\\]index\.c?js$/ }, (args) =>
      /[/\\]node_modules[/\\]zod[/\\]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), args.path), namespace: "zod-english-only" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: `"use strict";\nObject.defineProperty(exports, "en", { enumerable: true, get: () => require("./en.cjs").default });\n`,
      loader: "js",
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * esbuild's options for one bundle of `entry` (a file under dist/) into `outfile`. `external`:
 * packages and paths left to `require` at run time.
 */
function bundleOptions({ entry, outfile, external = [] }) {
  return {
    entryPoints: [path.resolve(ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // Smaller source parses faster at every start; names are kept for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    legalComments: "none",
    external,
    plugins: [zodEnglishOnly],
    // The dynamic-provider host's way to find the engine's client (require.resolve at run
    // time) is bundled but never taken by the plugin, which passes its own (src/plugin/main.ts).
    logOverride: { "require-resolve-not-external": "silent" },
    logLevel: "warning",
  };
}

module.exports = { bundleOptions, ROOT };
