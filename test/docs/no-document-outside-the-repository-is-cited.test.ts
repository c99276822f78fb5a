/**
 * Nothing in the repository cites a document that is not in it: what the service does is
 * stated where the code relies on it, or in docs/service-behaviour-notes.md, never left to a
 * file a reader of this repository cannot open (the notes this project was started from, or
 * a path on the machine it was written on).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

/** What a citation of an outside document looks like (written so that this file matches none). */
const CITATIONS = [
  /\b(?:service-behaviour|uptime-api)\.md\b/,
  /\.\.\/shared\b/,
  /\bshared\/spec\b/,
  /(?<![\w.])\/work\//,
];

/** Folders not read: dependencies, builds, scratch directories and the generated SDKs. */
const NOT_READ = new Set([
  "node_modules",
  "dist",
  ".git",
  ".tools",
  ".work",
  ".output",
  "bin",
  "target",
  "venv",
  "sdk",
]);

function textFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (NOT_READ.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return textFiles(path);
    return /\.(ts|js|cjs|mjs|sh|py|go|md|json|ya?ml|txt|toml)$/.test(entry.name) ? [path] : [];
  });
}

const FILES = [
  ...["src", "test", "docs", "bench", "scripts", "policy", "examples", "tools"].flatMap(textFiles),
  "README.md",
  "CONTRIBUTING.md",
  "CHANGELOG.md",
  "schema.json",
];

describe("citations", () => {
  it("are looked for in the code, the tests, the pages and the examples", () => {
    expect(FILES).toEqual(expect.arrayContaining(["src/schemas/values.ts", "docs/local-server.md", "README.md"]));
    expect(FILES.length).toBeGreaterThan(500);
  });

  it("name no document outside the repository", () => {
    const found = FILES.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (CITATIONS.some((c) => c.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("would be found in each form", () => {
    // Spelt in pieces, so that these lines cite nothing themselves.
    const doc = (name: string) => `${name}.md`;
    const cited = [`see ${doc("service-behaviour")}`, `per ${doc("uptime-api")}`, `${".."}/shared/notes`];
    cited.push(`shared/${"spec"}/x`, `/${"work"}/x`);
    expect(cited.filter((line) => !CITATIONS.some((c) => c.test(line)))).toEqual([]);
  });
});
