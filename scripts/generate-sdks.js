#!/usr/bin/env node
// Runs pulumi-gen-uptime (tools/sdkgen: Pulumi's own code generators, built by
// scripts/build-pulumi.sh), which writes the SDKs of the `uptime` package (Node.js, Python, Go,
// .NET, Java) from a package schema into <out-dir>/<language>. `npm run generate` runs it into a
// scratch directory and brings sdk/ in line with what it wrote, file by file (src/generate);
// sdk/ is committed and never edited by hand, and a test fails when it differs from this output.
//
// Usage: node scripts/generate-sdks.js <out-dir> [schema.json]   (to look at the output elsewhere)
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const GENERATOR = path.join(ROOT, ".tools", "pulumi", "bin", "pulumi-gen-uptime");
/** Every language an SDK is generated for, as the generator and dist/sdk name them. */
const LANGUAGES = ["nodejs", "python", "go", "dotnet", "java"];

/** Writes every SDK of the package schema at `schema` (default: the committed schema.json) under `outDir`. */
function generateSdks(outDir, schema = path.join(ROOT, "schema.json")) {
  if (!fs.existsSync(GENERATOR)) {
    throw new Error(
      `${path.relative(ROOT, GENERATOR)} is missing: run \`bash scripts/build-pulumi.sh\` first (it builds the generator).`,
    );
  }
  execFileSync(GENERATOR, [schema, outDir, ...LANGUAGES], { stdio: "inherit" });
}

module.exports = { generateSdks, LANGUAGES, GENERATOR };
if (require.main === module) {
  const [out, schema] = process.argv.slice(2);
  if (!out) {
    console.error("usage: node scripts/generate-sdks.js <out-dir> [schema.json]  (`npm run generate` writes sdk/)");
    process.exit(2);
  }
  generateSdks(path.resolve(out), schema && path.resolve(schema));
  console.log(`SDKs written to ${path.relative(process.cwd(), path.resolve(out)) || "."}/{${LANGUAGES.join(",")}}`);
}
