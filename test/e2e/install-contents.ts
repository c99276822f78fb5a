/**
 * What an installed copy of the package holds: the entries of its directories, and the
 * relative requires of its code that name no file in it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Names of the entries of a directory, or [] when it does not exist. */
export function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * The relative `require`s reachable from the `.js` files of `entryDir` that name no file under
 * `root` (as "missing -> required by"): what an installed copy of the package lacks to run
 * them. Package requires (`@grpc/grpc-js`, `node:fs`) are the install's business, not this.
 */
export function missingRequires(root: string, entryDir: string): string[] {
  const seen = new Set<string>();
  const missing: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(/\brequire\("(\.{1,2}\/[^"]+)"\)/g)) {
      const target = resolve(dirname(file), m[1]);
      const found = [target, `${target}.js`, `${target}.json`, join(target, "index.js")].find(
        (p) => existsSync(p) && statSync(p).isFile(),
      );
      if (!found) missing.push(`${relative(root, target)} -> required by ${relative(root, file)}`);
      else if (found.endsWith(".js")) visit(found);
    }
  };
  for (const name of readdirSync(entryDir).filter((n) => n.endsWith(".js"))) visit(join(entryDir, name));
  return missing;
}
