/**
 * The suites (the projects of vitest.config.ts) hold every test file once: each file under
 * test/ named as a suite's tests are (`*.test.ts`, `*.e2e.ts`, `*.fuzz.ts`, `*.record.ts`) is
 * run by exactly one of the suites `npm test` runs (unit, server, end-to-end, reliability, API
 * fuzz) or by `npm run upgrade:record`, so no file is left out of `npm test` and none runs
 * twice; each npm script runs its own project; `npx vitest run` without a project runs the
 * unit and server suites; and every entry of the server list (test/suites/index.ts) still
 * names tests, so a moved file cannot fall out of its suite.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import config, { SUITES } from "../../vitest.config";
import { SERVER_TESTS, testGlobs } from ".";

const ROOT = resolve(__dirname, "..", "..");
type Suite = { include?: readonly string[]; exclude?: readonly string[] };

/** The globs these configs use (`**` for any folders, `*` within a name) as a regular expression. */
function globRegExp(glob: string): RegExp {
  const pattern = glob
    .split("**/")
    .map((part) =>
      part
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join("(?:.*/)?");
  return new RegExp(`^${pattern}$`);
}

/** True when `suite` runs `file` (relative to the root, with `/`). */
function runs(suite: Suite, file: string): boolean {
  const matches = (globs: readonly string[] | undefined) => (globs ?? []).some((g) => globRegExp(g).test(file));
  return matches(suite.include) && !matches(suite.exclude);
}

/** Every file under test/ named as some suite's tests are. */
function testFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(test|e2e|fuzz|record)\.ts$/.test(entry.name)) out.push(relative(ROOT, path).split("\\").join("/"));
    }
  };
  walk(join(ROOT, "test"));
  return out.sort();
}

const FILES = testFiles();

describe("the test suites", () => {
  it("find the test files (the walk sees what the suites hold)", () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(FILES).toContain("test/suites/every-test-file-runs-in-exactly-one-suite.test.ts");
  });

  it("run each test file in exactly one suite", () => {
    const notOnce = FILES.map((file) => ({
      file,
      suites: Object.entries(SUITES)
        .filter(([, suite]) => runs(suite, file))
        .map(([name]) => name),
    })).filter((f) => f.suites.length !== 1);
    expect(notOnce).toEqual([]);
    expect(FILES.filter((file) => runs(SUITES.unit, file)).length).toBeGreaterThan(40);
    expect(FILES.filter((file) => runs(SUITES.server, file)).length).toBeGreaterThan(40);
  });

  it("are the projects of the one config, and `npx vitest run` runs unit and server", () => {
    const projects = (config.test?.projects ?? []) as { test: Suite & { name: string } }[];
    expect(projects.map((p) => p.test.name)).toEqual(Object.keys(SUITES));
    for (const p of projects) expect(p.test).toMatchObject(SUITES[p.test.name as keyof typeof SUITES]);
    expect((config.test as { project?: unknown }).project).toEqual(["unit", "server"]);
  });

  it("each run by their npm script", () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    const script: Record<keyof typeof SUITES, string> = {
      unit: "test:unit",
      server: "test:server",
      e2e: "test:e2e",
      reliability: "test:reliability",
      "api-fuzz": "test:api-fuzz",
      "upgrade-record": "upgrade:record",
    };
    for (const [name, npm] of Object.entries(script))
      expect(scripts[npm]).toMatch(new RegExp(`vitest run --project ${name}( |$)`));
  });

  it("list in SERVER_TESTS only files and folders that hold tests", () => {
    const stale = SERVER_TESTS.filter((entry) => {
      const path = join(ROOT, entry);
      if (!existsSync(path) || statSync(path).isDirectory() !== entry.endsWith("/")) return true;
      const [glob] = testGlobs([entry]);
      return !FILES.some((file) => globRegExp(glob).test(file));
    });
    expect(stale).toEqual([]);
  });
});
