/**
 * CONTRIBUTING.md's code layout table lists every folder of src/ with the line of its
 * README.md: the committed table is the generated one, a folder without its line (or with
 * more than one) fails generation naming the file, and a new folder adds its row.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO } from "../support/repo-root";
import { CODE_LAYOUT_PATH, withCodeLayout } from "../../src/generate/code-layout";

const FOLDERS = readdirSync(join(REPO, "src"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const PAGE = readFileSync(join(REPO, CODE_LAYOUT_PATH), "utf8");

/** The table's rows in `page`. */
const rowsOf = (page: string) => page.split("\n").filter((line) => line.startsWith("| [`src/"));

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "uptime-layout-"));
  for (const folder of FOLDERS) {
    mkdirSync(join(root, "src", folder), { recursive: true });
    cpSync(join(REPO, "src", folder, "README.md"), join(root, "src", folder, "README.md"));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The page generated from the folders under the scratch root. */
const generated = () => withCodeLayout(PAGE, root);

describe("the code layout table", () => {
  it("in CONTRIBUTING.md is the generated one", () => {
    expect(withCodeLayout(PAGE, REPO)).toBe(PAGE);
  });

  it("has a row for every folder of src/, each with its README's line", () => {
    expect(FOLDERS).toEqual(expect.arrayContaining(["client", "runtime", "server", "util"]));
    const rows = rowsOf(PAGE);
    expect(rows.map((row) => /\[`src\/([^`]+)`\]/.exec(row)![1])).toEqual(FOLDERS);
    const line = readFileSync(join(REPO, "src", "client", "README.md"), "utf8").trim();
    expect(rows.find((row) => row.includes("[`src/client`]"))).toContain(line);
  });

  it("refuses a folder without a README.md, naming the file", () => {
    mkdirSync(join(root, "src", "newfolder"));
    expect(generated).toThrow(/^src\/newfolder\/README\.md is missing: write one line saying what the folder holds/);
  });

  it("refuses a README.md of more than one line, or of none", () => {
    mkdirSync(join(root, "src", "newfolder"));
    writeFileSync(join(root, "src", "newfolder", "README.md"), "what it holds\n\nand more\n");
    expect(generated).toThrow(/^src\/newfolder\/README\.md is not one line/);
    writeFileSync(join(root, "src", "newfolder", "README.md"), "\n");
    expect(generated).toThrow(/^src\/newfolder\/README\.md is not one line/);
  });

  it("gains a row, in order, for a new folder that says what it holds", () => {
    mkdirSync(join(root, "src", "observer"));
    writeFileSync(join(root, "src", "observer", "README.md"), "what watches | and reports\n");
    const rows = rowsOf(generated());
    const at = rows.indexOf("| [`src/observer`](src/observer) | what watches \\| and reports |");
    expect(at).toBeGreaterThan(0);
    const sorted = [...FOLDERS, "observer"].sort((a, b) => a.localeCompare(b));
    const before = sorted[sorted.indexOf("observer") - 1];
    expect(rows[at - 1].startsWith(`| [\`src/${before}\`]`)).toBe(true);
    expect(rows).toHaveLength(FOLDERS.length + 1);
  });
});
