#!/usr/bin/env node
// `npm run sdks`: builds the committed, generated SDKs (sdk/<language>, see
// scripts/generate-sdks.js) into dist/sdk/<language>, ready to publish:
//   nodejs  compiled to JavaScript with declarations, with its package.json and README
//   python  the source package (pyproject.toml), as generated, and its wheel in
//           dist/sdk/python-wheel (`pip wheel`), which examples/python installs
//   go      the Go module, as generated (published by tagging the repository: sdk/go/vX.Y.Z)
//   dotnet  the C# project, as generated (`dotnet pack` where a .NET SDK is installed)
//   java    the Maven project, built into a jar and installed into the project-local Maven
//           repository .tools/maven/repository (scripts/maven.js), where examples/java finds it
// and links node_modules/@pulumi-uptime/uptime to dist/sdk/nodejs, so that programs inside
// this checkout (examples/, test fixtures) resolve the Node.js SDK by name as a user's do.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { LANGUAGES } = require("./generate-sdks.js");
const { runMaven } = require("./maven.js");

const ROOT = path.resolve(__dirname, "..");
const SDK = path.join(ROOT, "sdk");
const OUT = path.join(ROOT, "dist", "sdk");

function buildNodejs() {
  const src = path.join(SDK, "nodejs");
  const out = path.join(OUT, "nodejs");
  const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] });
  execFileSync(process.execPath, [tsc, "-p", path.join(src, "tsconfig.json"), "--outDir", out], { stdio: "inherit" });
  for (const f of ["package.json", "README.md"]) fs.copyFileSync(path.join(src, f), path.join(out, f));
  const pkg = JSON.parse(fs.readFileSync(path.join(src, "package.json"), "utf8"));
  const link = path.join(ROOT, "node_modules", ...pkg.name.split("/"));
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.relative(path.dirname(link), out), link, "dir");
}

function copyAsGenerated(language) {
  fs.cpSync(path.join(SDK, language), path.join(OUT, language), { recursive: true });
}

/** Builds the wheel of the Python SDK into dist/sdk/python-wheel (setuptools from PyPI, pip's cache once warm). */
function buildPython() {
  copyAsGenerated("python");
  const wheels = path.join(OUT, "python-wheel");
  fs.rmSync(wheels, { recursive: true, force: true });
  try {
    execFileSync(
      "python3",
      [
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--wheel-dir",
        wheels,
        path.join(OUT, "python"),
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (err) {
    if (err.code === "ENOENT")
      throw new Error(
        "`python3` not found on PATH: install Python 3.9+ with pip (Debian: `apt-get install python3 python3-pip python3-venv`).",
      );
    throw new Error(`pip wheel of dist/sdk/python failed:\n${err.stderr ?? err.message}`);
  }
  console.log(`sdks: python wheel ${fs.readdirSync(wheels).join(", ")} in dist/sdk/python-wheel`);
}

/** Builds the jar in dist/sdk/java/target and installs it (with its pom) into the project's Maven repository. */
async function buildJava() {
  copyAsGenerated("java");
  const how = await runMaven(path.join(OUT, "java"), ["-Dmaven.test.skip=true", "install"]);
  console.log(`sdks: java jar built and installed into .tools/maven/repository (Maven ${how})`);
}

async function main() {
  for (const language of LANGUAGES) {
    if (!fs.existsSync(path.join(SDK, language)))
      throw new Error(`sdk/${language} is missing: run \`npm run generate\`.`);
    fs.rmSync(path.join(OUT, language), { recursive: true, force: true });
    if (language === "nodejs") buildNodejs();
    else if (language === "java") await buildJava();
    else if (language === "python") buildPython();
    else copyAsGenerated(language);
    console.log(`sdks: dist/sdk/${language}`);
  }
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
