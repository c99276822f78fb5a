/**
 * Every file the repository names resolves: a file renamed or moved fails here, naming each
 * comment or page that still calls it by its old name.
 *
 * Read: the comments of the code under src/, test/, bench/src, scripts/ and policy/src
 * (`//` and `/* … *\/` in TypeScript and JavaScript, `#` in shell and Python), and the whole
 * text of README.md, CONTRIBUTING.md and the Markdown pages under docs/, bench/ and test/.
 * Checked, in each:
 * - a path from the root (`src/…`, `test/…`, `docs/…`, `bench/…`, `scripts/…`, `policy/…`,
 *   `tools/…`, `examples/…`): a file or folder, or a module named without its extension
 *   (`src/schemas/values`). A placeholder (`<name>`, `{a,b}`, `*`, `**`) stands for any name,
 *   and at least one path must match. What tsc compiles into dist/ and bench/dist/ is named
 *   by its source: `dist/<path>.js` resolves when `src/<path>.ts` does. The folders the tests
 *   write into ({@link WRITTEN_BY_TESTS}) are not checked, nor bench/RESULTS.md, a record of
 *   past runs that names what was measured then;
 * - in src/, a path from a folder (`util/monitor-names.ts`, `client/retry.ts`): a file under
 *   src/, or beside the comment's own file;
 * - a TypeScript file named alone (`host.ts`): some file of the repository has that name,
 *   unless it is one that a command writes for its user ({@link WRITTEN_FOR_USERS}).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

/** Folders the tests and benches write into (each in a .gitignore): their paths are named before they exist. */
const WRITTEN_BY_TESTS = ["test/.output/", "test/e2e/.work/", "test/export/.work/", "bench/.work/"];

/** File names that commands write for their users, not files of this repository. */
const WRITTEN_FOR_USERS = ["imported.ts"];

/** Folders never read for references (dependencies, builds, generated SDKs, recorded baselines, fixtures). */
const NOT_READ = ["node_modules", "dist", ".git", ".tools", ".work", ".output", "sdk", "0.1.0", "fixtures"];

/** Folders whose paths placeholders are not matched against (dependencies and builds). */
const NOT_LISTED = ["node_modules", "dist", ".git", ".tools", "bin"];

/** Every file and folder under `dir` (relative to the root, with `/`; folders end in `/`) but those named in `skip`. */
function walk(dir: string, skip: readonly string[], out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.push(`${path}/`);
      walk(path, skip, out);
    } else out.push(path);
  }
  return out;
}

/** The repository's paths, for placeholders to match. */
const ALL_PATHS = walk("", NOT_LISTED);

const BASENAMES = new Set(ALL_PATHS.filter((p) => !p.endsWith("/")).map((p) => basename(p)));

/** The files read, relative to the root. */
function filesRead(): string[] {
  const code = ["src", "test", "bench/src", "scripts", "policy/src"].flatMap((d) => walk(d, NOT_READ));
  const pages = ["docs", "bench", "test"].flatMap((d) => walk(d, NOT_READ)).filter((p) => p.endsWith(".md"));
  return [
    ...new Set([...code.filter((p) => /\.(ts|js|cjs|mjs|sh|py)$/.test(p)), ...pages, "README.md", "CONTRIBUTING.md"]),
  ]
    .filter((p) => p !== "bench/RESULTS.md")
    .sort();
}

/** `text` with everything but comments blanked (line breaks kept, so line numbers hold). */
function commentsOf(file: string, text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  if (file.endsWith(".md")) return text;
  if (/\.(sh|py)$/.test(file))
    return text
      .split("\n")
      .map((line) => {
        const at = line.search(/(^|\s)#/);
        return at < 0 ? "" : line.slice(at);
      })
      .join("\n");
  // Strings first (so that "//" or "/*" inside one opens no comment), then comments kept.
  let out = "";
  const token = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g;
  let last = 0;
  for (const m of text.matchAll(token)) {
    out += blank(text.slice(last, m.index));
    out += m[0].startsWith("/") ? m[0] : blank(m[0]);
    last = m.index + m[0].length;
  }
  return out + blank(text.slice(last));
}

/** A placeholder-bearing path as a regular expression over {@link ALL_PATHS}. */
function patternOf(path: string): RegExp {
  const parts = path.split(/(<[^>\n]*>|\{[^}\n]*\}|\*\*|\*)/);
  const body = parts
    .map((part, i) => (i % 2 === 0 ? part.replace(/[.+?^$()|[\]\\]/g, "\\$&") : part === "**" ? ".*" : "[^/]*"))
    .join("");
  return new RegExp(`^${body}/?$`);
}

const PLACEHOLDER = /<[^>\n]*>|\{[^}\n]*\}|\*/;

/** Whether `path` (from the root) names something of the repository. */
function resolves(path: string): boolean {
  if (WRITTEN_BY_TESTS.some((d) => path === d.replace(/\/$/, "") || path.startsWith(d.replace(/\/?$/, "/"))))
    return true;
  const compiled = /^(bench\/)?dist\/(([^/]+).*)\.(js|d\.ts)$/.exec(path);
  // Only what tsc writes (from a folder of src/): the plugin's bundles and executables come from scripts/.
  if (compiled && existsSync(join(ROOT, compiled[1] ?? "", "src", compiled[3])))
    return resolves(`${compiled[1] ?? ""}src/${compiled[2]}.ts`);
  if (/^(bench\/)?dist(\/|$)/.test(path)) return true;
  if (PLACEHOLDER.test(path)) {
    const re = patternOf(path);
    return ALL_PATHS.some((p) => re.test(p));
  }
  return ["", ".ts", ".js", "/index.ts"].some((ext) => existsSync(join(ROOT, path + ext)));
}

/** A path from the root: a first folder, then names, placeholders and slashes. */
const FROM_ROOT =
  /(?<![\w./@-])((?:src|test|docs|bench|scripts|policy|tools|examples|dist)\/(?:[\w.-]|<[^>\n]*>|\{[^}\n]*\}|\*|\/)*)/g;

/** In src/: a path from a folder to a TypeScript or JavaScript file. */
const FROM_FOLDER = /(?<![\w./@-])((?:[\w-]+\/)+[\w.-]+\.(?:ts|js))\b/g;

/** A TypeScript file named alone. */
const ALONE = /(?<![\w./@<{*-])([\w-][\w.-]*\.ts)\b(?![/\w])/g;

interface Unresolved {
  where: string;
  path: string;
}

/** The references of `file` (named relative to the root; its content `source`) that resolve to nothing. */
function unresolvedIn(file: string, source = readFileSync(join(ROOT, file), "utf8")): Unresolved[] {
  const text = commentsOf(file, source);
  const out: Unresolved[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const report = (index: number, path: string) => out.push({ where: `${file}:${lineAt(index)}`, path });
  for (const m of text.matchAll(FROM_ROOT)) {
    const path = m[1].replace(/[./]+$/, "");
    if (!resolves(path)) report(m.index, path);
  }
  if (file.startsWith("src/")) {
    for (const m of text.matchAll(FROM_FOLDER)) {
      const path = m[1];
      if (/^(src|test|docs|bench|scripts|policy|tools|examples|dist)\//.test(path)) continue;
      const here = dirname(file);
      if (!existsSync(join(ROOT, "src", path)) && !existsSync(join(ROOT, here, path))) report(m.index, path);
    }
  }
  if (!file.endsWith(".md")) {
    for (const m of text.matchAll(ALONE)) {
      if (!BASENAMES.has(m[1]) && !WRITTEN_FOR_USERS.includes(m[1])) report(m.index, m[1]);
    }
  }
  return out;
}

const FILES = filesRead();

describe("file references", () => {
  it("are read from the code and the pages", () => {
    expect(FILES).toEqual(
      expect.arrayContaining(["src/index.ts", "README.md", "CONTRIBUTING.md", "docs/reference.md"]),
    );
    expect(FILES.filter((f) => f.startsWith("src/")).length).toBeGreaterThan(100);
  });

  it("in comments and pages name files and folders that exist", () => {
    expect(FILES.flatMap((file) => unresolvedIn(file))).toEqual([]);
  });

  it("that name nothing are found: old names, from a folder, alone, placeholders matching nothing, compiled", () => {
    const source = [
      "/**",
      " * See util/names.ts, src/dynamic/dynamic-host.ts, dynamic-host.ts and docs/examples/<name>/cobol.cob;",
      " * the client's decoder is dist/client/normalize.js. Fine: util/monitor-names.ts, src/schemas/values,",
      " * docs/examples/<name>/typescript.ts, bench/dist/b6-client-throughput.js, host.ts.",
      " */",
      'const notAComment = "src/not/here.ts";',
      "// and src/gone/ in a line comment",
    ].join("\n");
    expect(unresolvedIn("src/dynamic/sample.ts", source)).toEqual([
      { where: "src/dynamic/sample.ts:2", path: "src/dynamic/dynamic-host.ts" },
      { where: "src/dynamic/sample.ts:2", path: "docs/examples/<name>/cobol.cob" },
      { where: "src/dynamic/sample.ts:3", path: "dist/client/normalize.js" },
      { where: "src/dynamic/sample.ts:7", path: "src/gone" },
      { where: "src/dynamic/sample.ts:2", path: "util/names.ts" },
      { where: "src/dynamic/sample.ts:2", path: "dynamic-host.ts" },
    ]);
  });
});
