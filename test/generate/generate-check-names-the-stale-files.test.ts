/**
 * `npm run generate -- --check` on a copy of the repository's generated files and what they
 * are made from besides the schemas (everything but sdk/, which needs the Go-built
 * generator; the sdk tests cover it): passes when all is
 * current, and fails naming each stale file without writing it; `npm run generate` then
 * brings them back, touching only those.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generatedTexts, runGenerate } from "../../src/generate/generate";
import { REPO } from "../support/repo-root";
import { EXAMPLES_DIR } from "../../src/generate/read-examples";
import { OPENAPI_FILE } from "../../src/openapi";
import { REFERENCE_PATH } from "../../src/generate/reference";
import { age } from "./file-times";

const PATHS = [...new Set(generatedTexts(REPO).map((t) => t.path))];
/** Each src folder's line, which CONTRIBUTING.md's table is made from. */
const FOLDER_LINES = readdirSync(join(REPO, "src"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `src/${e.name}/README.md`);
let root: string;

/** Runs the command on the copy with `argv`: its exit code and what it printed. */
function run(...argv: string[]): { code: number; lines: string[] } {
  const lines: string[] = [];
  const code = runGenerate(argv, { root, sdks: false }, (line) => lines.push(line));
  return { code, lines };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "uptime-generate-"));
  // What the generators read besides the schemas: the examples, and each src folder's line.
  for (const path of [...PATHS, EXAMPLES_DIR, ...FOLDER_LINES]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    cpSync(join(REPO, path), join(root, path), { recursive: true });
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm run generate", () => {
  it("covers schema.json, the generated types, the pages and docs/openapi.json", () => {
    expect(PATHS).toEqual(
      expect.arrayContaining([
        "schema.json",
        "src/dynamic/types.generated.ts",
        "src/plugin/examples.generated.ts",
        "README.md",
        "docs/reference.md",
        "docs/_index.md",
        "docs/installation-configuration.md",
        "docs/openapi.json",
        "CONTRIBUTING.md",
      ]),
    );
  });

  it("--check passes on the committed files, naming nothing", () => {
    expect(run("--check")).toEqual({ code: 0, lines: ["Every generated file is up to date."] });
  });

  it("--check fails naming each stale file, and writes nothing", () => {
    const openapi = join(root, OPENAPI_FILE);
    writeFileSync(openapi, readFileSync(openapi, "utf8").replace("Generated from", "Written by hand from"));
    const reference = join(root, REFERENCE_PATH);
    writeFileSync(reference, readFileSync(reference, "utf8").replace("### `Monitor` inputs", "### Monitor inputs"));
    const stale = readFileSync(openapi);
    const { code, lines } = run("--check");
    expect(code).toBe(1);
    expect(lines.filter((l) => l.startsWith("stale: ")).sort()).toEqual(
      [`stale: ${OPENAPI_FILE}`, `stale: ${REFERENCE_PATH}`].sort(),
    );
    expect(lines.at(-1)).toMatch(/2 generated file\(s\) are stale: run `npm run generate`/);
    expect(readFileSync(openapi)).toEqual(stale);
  });

  it("rewrites only the stale file, then --check passes", () => {
    writeFileSync(join(root, "schema.json"), "{}\n");
    const mtimes = new Map(PATHS.map((path) => [path, age(join(root, path))]));
    expect(run()).toEqual({ code: 0, lines: ["wrote schema.json", "1 generated file(s) rewritten."] });
    for (const path of PATHS.filter((p) => p !== "schema.json"))
      expect(statSync(join(root, path)).mtimeMs, path).toBe(mtimes.get(path));
    expect(readFileSync(join(root, "schema.json"), "utf8")).toBe(readFileSync(join(REPO, "schema.json"), "utf8"));
    expect(run("--check").code).toBe(0);
  });

  it("refuses an unknown argument", () => {
    expect(run("--chek").code).toBe(2);
  });
});
