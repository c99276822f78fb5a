/**
 * TypeScript 6 refuses `moduleResolution: "node"` (node10) and `"classic"` (TS5107, deprecated),
 * and TypeScript 5.9 refuses `"bundler"` beside `module: "CommonJS"` (TS5095). The root
 * tsconfig and the generated Node.js SDK's (tools/sdkgen drops the generator's line) set none:
 * each compiler then takes its own default for CommonJS, and both compile them (checked with
 * `tsc --noEmit` of 5.9.3 and 6.0.3 when this was written).
 *
 * The projects Pulumi runs from TypeScript (the examples users copy, the end-to-end fixtures and
 * the benchmarks' programs) cannot leave it out: ts-node fills a missing `moduleResolution`
 * from its defaults for the running Node.js (NodeNext), which refuses `module: "CommonJS"`
 * (TS5110, seen on Node.js 24). They say `Node16` for both, which 5.9 and 6 accept and which
 * still emits CommonJS for a package without `"type": "module"`.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

type Options = { module?: string; moduleResolution?: string };
const optionsOf = (file: string) =>
  (JSON.parse(readFileSync(join(ROOT, file), "utf8")) as { compilerOptions: Options }).compilerOptions;

/** The tsconfig.json of each project directly in `dir`, as paths from the root. */
const projectsIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .map((name) => `${dir}/${name}/tsconfig.json`)
    .filter((file) => existsSync(join(ROOT, file)));

const programs = [...projectsIn("examples"), ...projectsIn("test/e2e/fixtures"), ...projectsIn("bench/fixtures")];

it("finds the example, fixture and benchmark projects", () => {
  expect(programs.filter((f) => f.startsWith("examples/")).length).toBeGreaterThanOrEqual(5);
  expect(programs.filter((f) => f.startsWith("test/e2e/fixtures/")).length).toBeGreaterThanOrEqual(3);
  expect(programs.filter((f) => f.startsWith("bench/")).length).toBeGreaterThanOrEqual(4);
});

describe.each(["tsconfig.json", "sdk/nodejs/tsconfig.json"])("%s", (file) => {
  it("compiles to CommonJS and sets no module resolution that TypeScript 5.9 or 6 refuses", () => {
    const options = optionsOf(file);
    expect(String(options.module).toLowerCase()).toBe("commonjs");
    expect(options.moduleResolution).toBeUndefined();
  });
});

describe.each(programs)("%s", (file) => {
  it("names Node16 as module and module resolution, which ts-node, TypeScript 5.9 and 6 accept", () => {
    const options = optionsOf(file);
    expect([options.module, options.moduleResolution]).toEqual(["Node16", "Node16"]);
  });
});
