/**
 * No two src files export a function of the same name, so a name means one thing wherever
 * it is imported. The exceptions are the local server's own copies of two rules of the
 * client's schemas: the server validates apart from the client so that
 * test/schemas/client-schemas-and-server-validation-give-the-same-verdict.test.ts can
 * compare the two; each copy means what the other does.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

/** Same name, same meaning: the server's copy of a schema rule. */
const SAME_MEANING: Record<string, string[]> = {
  charLength: ["src/schemas/common.ts", "src/server/validate/rules.ts"],
  isHttpUrl: ["src/schemas/common.ts", "src/server/validate/rules.ts"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

test("each exported function name is exported by one src file, but the server's copies of schema rules", () => {
  const byName = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, "src"))) {
    for (const m of readFileSync(file, "utf8").matchAll(/^export (?:async )?function\*? ?([A-Za-z0-9_$]+)/gm)) {
      byName.set(m[1], [...(byName.get(m[1]) ?? []), relative(ROOT, file)]);
    }
  }
  const shared = Object.fromEntries(
    [...byName].filter(([, files]) => files.length > 1).map(([name, files]) => [name, files.sort()]),
  );
  expect(shared, "rename one so that each name says what it does").toEqual(SAME_MEANING);
});
