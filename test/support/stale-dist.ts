/**
 * The suites load the compiled package (dist/), and none of them builds it: a warning
 * naming the files under src/ changed since the last `npm run build`, which the tests that
 * load dist/ would not see.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function walkTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walkTs(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Warns, prefixed with `suite`, when a file under `root`/src is newer than `root`/dist/index.js. */
export function warnWhenDistIsStale(root: string, suite: string): void {
  const built = statSync(join(root, "dist", "index.js")).mtimeMs;
  const newer = walkTs(join(root, "src")).filter((f) => statSync(f).mtimeMs > built);
  if (newer.length) {
    console.warn(
      `${suite}: WARNING: ${newer.length} file(s) under src/ are newer than dist/ (e.g. ${newer
        .slice(0, 3)
        .map((f) => f.slice(root.length + 1))
        .join(", ")}): run \`npm run build\` to test them.`,
    );
  }
}
