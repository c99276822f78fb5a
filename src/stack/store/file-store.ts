/** A `file://` backend's objects: the files under its directory. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BackendStoreError, type BackendStore } from "./backend-store";

/** The directory of a `file://` backend URL (`~` is the home directory), or undefined for another backend. */
function fileBackendDir(url: string | undefined): string | undefined {
  if (!url?.startsWith("file://")) return undefined;
  let dir: string;
  try {
    dir = url === "file://~" || url.startsWith("file://~/") ? url.slice(7) : fileURLToPath(url.split("?")[0]);
  } catch {
    return undefined;
  }
  return dir.startsWith("~") ? join(process.env.HOME ?? "", dir.slice(1)) : dir;
}

/** The store of a `file://` backend URL, or undefined for another backend. */
export function fileStore(url: string): BackendStore | undefined {
  const dir = fileBackendDir(url);
  if (dir === undefined) return undefined;
  const where = `file://${dir}`;
  return {
    where,
    async list(prefix) {
      // The prefix's directory part is walked; its last part filters names.
      const cut = prefix.lastIndexOf("/");
      const base = prefix.slice(0, cut + 1);
      if (!existsSync(join(dir, base))) return [];
      try {
        return walk(dir, base).filter((k) => k.startsWith(prefix));
      } catch (err) {
        throw new BackendStoreError(where, (err as Error).message);
      }
    },
    async read(key) {
      const path = join(dir, key);
      if (!existsSync(path)) return undefined;
      try {
        return readFileSync(path);
      } catch (err) {
        throw new BackendStoreError(where, (err as Error).message);
      }
    },
  };
}

/** Every file under `dir/base`, as keys relative to `dir`. */
function walk(dir: string, base: string): string[] {
  const keys: string[] = [];
  for (const entry of readdirSync(join(dir, base), { withFileTypes: true })) {
    const key = `${base}${entry.name}`;
    if (entry.isDirectory()) keys.push(...walk(dir, `${key}/`));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}
