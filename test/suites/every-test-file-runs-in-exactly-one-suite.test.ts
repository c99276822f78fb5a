/**
 * The suites' configs hold every test file once: each file under test/ named as a suite's
 * tests are (`*.test.ts`, `*.e2e.ts`, `*.fuzz.ts`, `*.record.ts`) is run by exactly one of
 * the suites `npm test` runs (unit, server, end-to-end, reliability, API fuzz) or by `npm run
 * upgrade:record`, so no file is left out of `npm test` and none runs twice; the unit and
 * server suites are together what `npx vitest run` runs; and every entry of the server list
 * (test/suites/index.ts) still names tests, so a moved file cannot fall out of its suite.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { UserConfig } from "vitest/config";
import apiFuzz from "../../vitest.api-fuzz.config";
import both from "../../vitest.config";
import e2e from "../../vitest.e2e.config";
import reliability from "../../vitest.reliability.config";
import server from "../../vitest.server.config";
import unit from "../../vitest.unit.config";
import upgradeRecord from "../../vitest.upgrade-record.config";
import { SERVER_TESTS, testGlobs } from ".";

const ROOT = resolve(__dirname, "..", "..");
const SUITES: Record<string, UserConfig> = { unit, server, e2e, reliability, apiFuzz, upgradeRecord };

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

/** True when `config` runs `file` (relative to the root, with `/`). */
function runs(config: UserConfig, file: string): boolean {
  const matches = (globs: string[] | undefined) => (globs ?? []).some((g) => globRegExp(g).test(file));
  return matches(config.test?.include) && !matches(config.test?.exclude);
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
      suites: Object.keys(SUITES).filter((name) => runs(SUITES[name], file)),
    })).filter((f) => f.suites.length !== 1);
    expect(notOnce).toEqual([]);
  });

  it("split what `npx vitest run` runs into the unit and the server suite", () => {
    const differ = FILES.filter((file) => runs(both, file) !== (runs(unit, file) || runs(server, file)));
    expect(differ).toEqual([]);
    expect(FILES.filter((file) => runs(unit, file)).length).toBeGreaterThan(40);
    expect(FILES.filter((file) => runs(server, file)).length).toBeGreaterThan(40);
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
