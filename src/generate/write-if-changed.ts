/**
 * The one way generated files reach the tree: a file is written only when its content
 * differs from what is there (so a run that changes nothing leaves every file, and its
 * modification time, alone), and in check mode nothing is written at all: each file that
 * would be written or deleted is recorded as stale instead.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/** What a run did, or in check mode would do, to one path (relative to the root, with `/`). */
export interface Change {
  path: string;
  action: "write" | "delete";
}

/** Writes generated files under `root` when they differ; with `check`, only records them. */
export class GeneratedFileWriter {
  /** Every path written or deleted (check mode: that would be), in the order met. */
  readonly changes: Change[] = [];

  constructor(
    readonly root: string,
    readonly check = false,
  ) {}

  /** The paths that differ from what the generators write. */
  get stale(): string[] {
    return this.changes.map((c) => c.path);
  }

  /**
   * Makes `path` hold `content` (and, when `executable` is given, have its executable bit
   * so, the one bit of the mode git records); true when it did not (written, or stale in
   * check mode).
   */
  file(path: string, content: string | Uint8Array, executable?: boolean): boolean {
    const target = join(this.root, path);
    const bytes = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
    const same = existsSync(target) && readFileSync(target).equals(bytes) && sameBit(target, executable);
    if (same) return false;
    this.changes.push({ path: slashed(path), action: "write" });
    if (!this.check) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
      if (executable !== undefined && !sameBit(target, executable)) chmodSync(target, executable ? 0o755 : 0o644);
    }
    return true;
  }

  /** Removes `path` when it exists; true when it did (removed, or stale in check mode). */
  remove(path: string): boolean {
    const target = join(this.root, path);
    if (!existsSync(target)) return false;
    this.changes.push({ path: slashed(path), action: "delete" });
    if (!this.check) rmSync(target, { recursive: true, force: true });
    return true;
  }

  /**
   * Makes the directory `path` hold exactly the files of `generated` (a directory a
   * generator wrote elsewhere): each differing file written, each file the generator no
   * longer writes deleted, the rest left alone.
   */
  directory(path: string, generated: string): void {
    const fresh = new Set(filesUnder(generated));
    for (const file of fresh) {
      const from = join(generated, file);
      this.file(join(path, file), readFileSync(from), isExecutable(from));
    }
    const here = join(this.root, path);
    const old = existsSync(here) ? filesUnder(here) : [];
    for (const file of old) if (!fresh.has(file)) this.remove(join(path, file));
    if (!this.check) removeEmptyDirectories(here);
  }
}

function isExecutable(file: string): boolean {
  return (statSync(file).mode & 0o100) !== 0;
}

/** True when `target` is executable as asked, or nothing is asked. */
function sameBit(target: string, executable?: boolean): boolean {
  return executable === undefined || isExecutable(target) === executable;
}

function slashed(path: string): string {
  return path.split(sep).join("/");
}

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) visit(p);
      else out.push(relative(dir, p));
    }
  };
  visit(dir);
  return out.sort();
}

/** Removes the directories under `dir` that deleting files left empty. */
function removeEmptyDirectories(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const sub = join(dir, entry.name);
    removeEmptyDirectories(sub);
    if (readdirSync(sub).length === 0) rmSync(sub, { recursive: true });
  }
}
