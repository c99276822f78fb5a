/**
 * The one writer of generated files: it writes a file only when its content differs (a file
 * that is already right keeps its modification time), and in check mode writes nothing and
 * names each file that would change.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GeneratedFileWriter } from "../../src/generate/write-if-changed";
import { age } from "./file-times";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "uptime-write-if-changed-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path → content) under `dir`. */
function put(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

describe("GeneratedFileWriter.file", () => {
  it("writes a missing or different file, creating its directory", () => {
    put(root, { "b.txt": "old" });
    const writer = new GeneratedFileWriter(root);
    expect(writer.file("a/deep/a.txt", "new")).toBe(true);
    expect(writer.file("b.txt", "new")).toBe(true);
    expect(readFileSync(join(root, "a/deep/a.txt"), "utf8")).toBe("new");
    expect(readFileSync(join(root, "b.txt"), "utf8")).toBe("new");
    expect(writer.changes).toEqual([
      { path: "a/deep/a.txt", action: "write" },
      { path: "b.txt", action: "write" },
    ]);
  });

  it("leaves a file that already holds the content untouched, modification time included", () => {
    put(root, { "same.txt": "content" });
    const before = age(join(root, "same.txt"));
    const writer = new GeneratedFileWriter(root);
    expect(writer.file("same.txt", "content")).toBe(false);
    expect(writer.file("same.txt", Buffer.from("content"))).toBe(false);
    expect(statSync(join(root, "same.txt")).mtimeMs).toBe(before);
    expect(writer.changes).toEqual([]);
  });

  it("in check mode names the stale and missing files and writes nothing", () => {
    put(root, { "stale.txt": "old", "fine.txt": "fine" });
    const before = age(join(root, "stale.txt"));
    const writer = new GeneratedFileWriter(root, true);
    writer.file("stale.txt", "new");
    writer.file("fine.txt", "fine");
    writer.file("missing.txt", "new");
    expect(writer.stale).toEqual(["stale.txt", "missing.txt"]);
    expect(readFileSync(join(root, "stale.txt"), "utf8")).toBe("old");
    expect(statSync(join(root, "stale.txt")).mtimeMs).toBe(before);
    expect(existsSync(join(root, "missing.txt"))).toBe(false);
  });

  it("treats a wrong executable bit as a difference when one is asked for", () => {
    put(root, { "run.sh": "echo" });
    chmodSync(join(root, "run.sh"), 0o644);
    const writer = new GeneratedFileWriter(root);
    expect(writer.file("run.sh", "echo")).toBe(false);
    expect(writer.file("run.sh", "echo", true)).toBe(true);
    expect(statSync(join(root, "run.sh")).mode & 0o100).not.toBe(0);
    expect(writer.file("run.sh", "echo", true)).toBe(false);
  });
});

describe("GeneratedFileWriter.directory", () => {
  let generated: string;
  beforeEach(() => {
    generated = mkdtempSync(join(tmpdir(), "uptime-generated-"));
    put(generated, { "same.txt": "same", "changed.txt": "new", "added/file.txt": "added" });
    put(root, { "out/same.txt": "same", "out/changed.txt": "old", "out/gone/old.txt": "gone" });
  });
  afterEach(() => rmSync(generated, { recursive: true, force: true }));

  it("writes what differs, deletes what the generator no longer writes, leaves the rest", () => {
    const before = age(join(root, "out/same.txt"));
    const writer = new GeneratedFileWriter(root);
    writer.directory("out", generated);
    expect(writer.changes).toEqual([
      { path: "out/added/file.txt", action: "write" },
      { path: "out/changed.txt", action: "write" },
      { path: "out/gone/old.txt", action: "delete" },
    ]);
    expect(readFileSync(join(root, "out/changed.txt"), "utf8")).toBe("new");
    expect(readFileSync(join(root, "out/added/file.txt"), "utf8")).toBe("added");
    expect(existsSync(join(root, "out/gone"))).toBe(false);
    expect(statSync(join(root, "out/same.txt")).mtimeMs).toBe(before);
    const again = new GeneratedFileWriter(root, true);
    again.directory("out", generated);
    expect(again.stale).toEqual([]);
  });

  it("in check mode names every differing path and changes nothing", () => {
    const writer = new GeneratedFileWriter(root, true);
    writer.directory("out", generated);
    expect(writer.stale).toEqual(["out/added/file.txt", "out/changed.txt", "out/gone/old.txt"]);
    expect(readFileSync(join(root, "out/changed.txt"), "utf8")).toBe("old");
    expect(existsSync(join(root, "out/gone/old.txt"))).toBe(true);
    expect(existsSync(join(root, "out/added"))).toBe(false);
  });
});
