/**
 * The reference's section on the client (docs/reference.md) names every error class the
 * package exports, so that a user can find what to `instanceof`-test for. The entry points are read from package.json's `exports` (each
 * `./dist/…js` loaded from its `src/…ts`), so a new entry point or a new error class
 * anywhere in them is covered without editing this test.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REFERENCE_PATH } from "../../src/generate/reference";

const ROOT = resolve(__dirname, "..", "..");
const reference = readFileSync(resolve(ROOT, REFERENCE_PATH), "utf8");
const pkg = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};

/** Each JavaScript entry point of the package (`"."`, `"./server"`, …) and its source file. */
const entryPoints = Object.entries(pkg.exports)
  .map(([subpath, target]) => [subpath, typeof target === "string" ? target : target.default] as const)
  .filter(([, target]) => target.startsWith("./dist/") && target.endsWith(".js"))
  .map(
    ([subpath, target]) =>
      [subpath, resolve(ROOT, target.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"))] as const,
  );

function isErrorClass(v: unknown): v is new (...args: never[]) => Error {
  return typeof v === "function" && v.prototype instanceof Error;
}

/** Error classes among a module's exports, and among those of namespaces it exports (`schemas`). */
function errorClasses(mod: Record<string, unknown>): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(mod)) {
    if (isErrorClass(value)) found.add(name);
    else if (value && typeof value === "object")
      for (const [inner, v] of Object.entries(value)) if (isErrorClass(v)) found.add(inner);
  }
  return [...found];
}

describe("the reference (docs/reference.md)", () => {
  it("names every error class of every entry point the package exports", async () => {
    const exported: { entry: string; name: string }[] = [];
    for (const [entry, file] of entryPoints) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const name of errorClasses(mod)) exported.push({ entry, name });
    }
    // The scan finds the classes at all (a broken mapping would pass vacuously).
    expect(exported.map((e) => e.name)).toEqual(
      expect.arrayContaining(["UptimeError", "UptimeResourceError", "UptimeServerDependencyError"]),
    );
    const missing = exported.filter(({ name }) => !reference.includes(`\`${name}\``));
    expect(missing, "exported error classes the reference does not name (in backticks)").toEqual([]);
  });
});
