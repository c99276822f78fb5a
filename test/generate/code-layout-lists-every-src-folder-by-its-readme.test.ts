/**
 * CONTRIBUTING.md's code layout table lists every folder of src/ with the line of its
 * README.md: the committed table is the generated one, a folder without its line (or with
 * more than one) fails generation naming the file, and a new folder adds its row.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO } from "../../src/generate/generate";
import {
  CODE_LAYOUT_MARKERS,
  CODE_LAYOUT_PATH,
  codeLayoutTable,
  FolderDescriptionError,
  srcFolders,
  withCodeLayout,
} from "../../src/generate/code-layout";

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "uptime-layout-"));
  for (const { readme } of srcFolders(REPO)) {
    mkdirSync(join(root, readme, ".."), { recursive: true });
    cpSync(join(REPO, readme), join(root, readme));
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the code layout table", () => {
  it("in CONTRIBUTING.md is the generated one", () => {
    const page = readFileSync(join(REPO, CODE_LAYOUT_PATH), "utf8");
    expect(withCodeLayout(page, REPO)).toBe(page);
  });

  it("has a row for every folder of src/, each with its README's line", () => {
    const page = readFileSync(join(REPO, CODE_LAYOUT_PATH), "utf8");
    const block = page.slice(page.indexOf(CODE_LAYOUT_MARKERS.start), page.indexOf(CODE_LAYOUT_MARKERS.end));
    const folders = srcFolders(REPO).map((f) => f.folder);
    expect(folders).toEqual(expect.arrayContaining(["src/client", "src/runtime", "src/server", "src/util"]));
    const rows = block.split("\n").filter((line) => line.startsWith("| [`src/"));
    expect(rows.map((row) => /\[`(src\/[^`]+)`\]/.exec(row)![1])).toEqual(folders);
    const line = readFileSync(join(REPO, "src", "client", "README.md"), "utf8").trim();
    expect(rows.find((row) => row.includes("[`src/client`]"))).toContain(line);
  });

  it("refuses a folder without a README.md, naming the file", () => {
    mkdirSync(join(root, "src", "newfolder"));
    expect(() => codeLayoutTable(root)).toThrow(FolderDescriptionError);
    expect(() => codeLayoutTable(root)).toThrow(/^src\/newfolder\/README\.md is missing: write one line/);
  });

  it("refuses a README.md of more than one line, or of none", () => {
    mkdirSync(join(root, "src", "newfolder"));
    writeFileSync(join(root, "src", "newfolder", "README.md"), "what it holds\n\nand more\n");
    expect(() => codeLayoutTable(root)).toThrow(/^src\/newfolder\/README\.md is not one line/);
    writeFileSync(join(root, "src", "newfolder", "README.md"), "\n");
    expect(() => codeLayoutTable(root)).toThrow(/^src\/newfolder\/README\.md is not one line/);
  });

  it("gains a row, in order, for a new folder that says what it holds", () => {
    mkdirSync(join(root, "src", "maintenance"));
    writeFileSync(join(root, "src", "maintenance", "README.md"), "maintenance windows | in bulk\n");
    const rows = codeLayoutTable(root).split("\n");
    const at = rows.indexOf("| [`src/maintenance`](src/maintenance) | maintenance windows \\| in bulk |");
    expect(at).toBeGreaterThan(2);
    expect(rows[at - 1]).toMatch(/^\| \[`src\/gitops`\]/);
  });
});
