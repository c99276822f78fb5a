/**
 * `npm run generate`: everything generated from src/schemas (and docs/examples) written in
 * one run through one {@link GeneratedFileWriter}: schema.json, the resource classes' types,
 * the baked examples, the README's reference and settings blocks, the Registry pages,
 * docs/openapi.json, CONTRIBUTING's table of src/ (./code-layout.ts) and the SDKs under
 * sdk/. A file is written only when it differs, so a run with nothing to do leaves the tree
 * as it was; `--check` writes nothing and fails naming each stale file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { packageSchemaText, SCHEMA_JSON_PATH } from "../plugin/package-schema";
import { RESOURCE_TYPES_PATH, resourceTypesSource } from "./resource-types";
import { EXAMPLES_MODULE_PATH, examplesModuleSource, readExamples } from "./read-examples";
import { REFERENCE_PATH, withReference } from "./reference";
import { SETTINGS_TABLE_PATH, withSettings } from "./settings";
import { REGISTRY_INDEX_PATH, REGISTRY_INSTALL_PATH, registryIndex, registryInstallation } from "./registry";
import { OPENAPI_FILE, openApiText } from "../openapi";
import { SERVICE_MONITORS_PAGE, withServiceMonitorsBlock } from "./service-monitors-page";
import { GeneratedFileWriter, type Change } from "./write-if-changed";
import { CODE_LAYOUT_PATH, withCodeLayout } from "./code-layout";

/**
 * The repository (src/generate/ or dist/generate/ → the root).
 */
const REPO = resolve(__dirname, "..", "..");

/** Where the SDKs are committed, one directory per language. */
const SDK_DIR = "sdk";

/** One generated text file: its path, and its content given what is there now ("" when missing). */
interface GeneratedText {
  path: string;
  next: (before: string) => string;
}

/**
 * Every generated text file under `root`. Several entries may name one file (README.md holds
 * two generated blocks): they apply in order, and the file is written once.
 */
export function generatedTexts(root: string): GeneratedText[] {
  const examples = readExamples(root);
  return [
    { path: SCHEMA_JSON_PATH, next: () => packageSchemaText(examples) },
    { path: RESOURCE_TYPES_PATH, next: () => resourceTypesSource() },
    { path: EXAMPLES_MODULE_PATH, next: () => examplesModuleSource(examples) },
    { path: REFERENCE_PATH, next: withReference },
    { path: SETTINGS_TABLE_PATH, next: withSettings },
    { path: REGISTRY_INDEX_PATH, next: () => registryIndex(examples) },
    { path: REGISTRY_INSTALL_PATH, next: () => registryInstallation() },
    { path: OPENAPI_FILE, next: () => openApiText() },
    { path: SERVICE_MONITORS_PAGE, next: (text) => withServiceMonitorsBlock(text, examples) },
    { path: CODE_LAYOUT_PATH, next: (text) => withCodeLayout(text, root) },
  ];
}

/** What {@link generate} is asked to do. */
interface GenerateOptions {
  /** The repository to read docs/examples and the pages with blocks from, and to write into. */
  root?: string;
  /** Write nothing; report what differs. */
  check?: boolean;
  /** Also the SDKs (needs pulumi-gen-uptime, built by scripts/build-pulumi.sh). Default true. */
  sdks?: boolean;
}

/**
 * Writes (or with `check`, compares) everything generated; returns the files that differed.
 */
function generate({ root = REPO, check = false, sdks = true }: GenerateOptions = {}): Change[] {
  const writer = new GeneratedFileWriter(root, check);
  const texts = generatedTexts(root);
  const paths = [...new Set(texts.map((t) => t.path))];
  for (const path of paths) {
    const file = join(root, path);
    let text = existsSync(file) ? readFileSync(file, "utf8") : "";
    for (const t of texts) if (t.path === path) text = t.next(text);
    writer.file(path, text);
  }
  if (sdks) generateSdksInto(writer, texts.find((t) => t.path === SCHEMA_JSON_PATH)!.next(""));
  return writer.changes;
}

/** The SDKs of `schemaText`, generated in a scratch directory and brought into sdk/ file by file. */
function generateSdksInto(writer: GeneratedFileWriter, schemaText: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateSdks, LANGUAGES } = require(join(REPO, "scripts", "generate-sdks.js")) as {
    generateSdks: (outDir: string, schema: string) => void;
    LANGUAGES: string[];
  };
  const scratch = mkdtempSync(join(tmpdir(), "uptime-generate-"));
  try {
    const schema = join(scratch, "schema.json");
    writeFileSync(schema, schemaText);
    generateSdks(join(scratch, SDK_DIR), schema);
    for (const language of LANGUAGES) writer.directory(`${SDK_DIR}/${language}`, join(scratch, SDK_DIR, language));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The command: `generate [--check]`. Prints what it wrote, or with `--check` each stale file;
 * returns the exit code (1 when `--check` found stale files, 2 for a bad argument).
 */
export function runGenerate(
  argv: string[],
  options: Omit<GenerateOptions, "check"> = {},
  print: (line: string) => void = (line) => console.log(line),
): number {
  const unknown = argv.filter((a) => a !== "--check");
  if (unknown.length) {
    print(`usage: npm run generate [-- --check]  (unknown: ${unknown.join(" ")})`);
    return 2;
  }
  const check = argv.includes("--check");
  const changes = generate({ ...options, check });
  if (check) {
    for (const c of changes) print(`stale: ${c.path}${c.action === "delete" ? " (no longer generated)" : ""}`);
    print(
      changes.length
        ? `${changes.length} generated file(s) are stale: run \`npm run generate\` and commit the result.`
        : "Every generated file is up to date.",
    );
    return changes.length ? 1 : 0;
  }
  for (const c of changes) print(`${c.action === "delete" ? "deleted" : "wrote"} ${c.path}`);
  print(changes.length ? `${changes.length} generated file(s) rewritten.` : "Every generated file is up to date.");
  return 0;
}
