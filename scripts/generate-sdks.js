#!/usr/bin/env node
// `npm run sdks:generate`: writes the SDKs of the `uptime` package (Node.js, Python, Go,
// .NET, Java) into sdk/<language> from schema.json, with pulumi-gen-uptime (tools/sdkgen: Pulumi's
// own code generators, built by scripts/build-pulumi.sh). The files it writes are
// committed and never edited by hand; a test fails when they differ from what this writes.
//
// Usage: node scripts/generate-sdks.js [out-dir]   (default: sdk/)
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const GENERATOR = path.join(ROOT, ".tools", "pulumi", "bin", "pulumi-gen-uptime");
/** Every language an SDK is generated for, as the generator and dist/sdk name them. */
const LANGUAGES = ["nodejs", "python", "go", "dotnet", "java"];

/** Writes every SDK under `outDir` (each language's directory replaced). */
function generateSdks(outDir) {
  if (!fs.existsSync(GENERATOR)) {
    throw new Error(
      `${path.relative(ROOT, GENERATOR)} is missing: run \`bash scripts/build-pulumi.sh\` first (it builds the generator).`,
    );
  }
  execFileSync(GENERATOR, [path.join(ROOT, "schema.json"), outDir, ...LANGUAGES], { stdio: "inherit" });
}

module.exports = { generateSdks, LANGUAGES, GENERATOR };
if (require.main === module) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, "sdk"));
  generateSdks(out);
  console.log(`SDKs written to ${path.relative(process.cwd(), out) || "."}/{${LANGUAGES.join(",")}}`);
}
