/**
 * Two files under src/ share a base name only when CONTRIBUTING.md lists them as the same
 * role in parallel folders (its "shared-base-names" table): a new file named like another
 * fails here until it is renamed or listed, and a listed file that is gone fails too, so
 * the table stays true.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** The table between the markers: base name → the files listed for it. */
function listedNames(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");
  const block = /<!-- shared-base-names:start -->([\s\S]*?)<!-- shared-base-names:end -->/.exec(text)?.[1];
  if (!block) throw new Error("CONTRIBUTING.md has no shared-base-names table");
  const out = new Map<string, string[]>();
  for (const row of block.split("\n").filter((l) => l.startsWith("| `"))) {
    const [name, files] = row.split("|").slice(1, 3);
    out.set(name.trim().replace(/`/g, ""), [...files.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort());
  }
  return out;
}

test("every base name two src files share is listed in CONTRIBUTING.md with exactly those files", () => {
  const byName = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, "src"))) {
    const name = basename(file);
    byName.set(name, [...(byName.get(name) ?? []), relative(ROOT, file)]);
  }
  const listed = listedNames();
  const unlisted = [...byName]
    .filter(([, files]) => files.length > 1)
    .map(([name, files]) => ({ name, files: files.sort() }))
    .filter(({ name, files }) => JSON.stringify(listed.get(name)) !== JSON.stringify(files));
  expect(unlisted, "rename the new file, or list it in CONTRIBUTING.md's shared-base-names table").toEqual([]);
});

test("every file the table lists exists", () => {
  const gone = [...listedNames().values()].flat().filter((f) => !existsSync(join(ROOT, f)));
  expect(gone).toEqual([]);
});

test("the table is read: it lists the folders' entry points", () => {
  expect(listedNames().get("index.ts")).toContain("src/index.ts");
});
