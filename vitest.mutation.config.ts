/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): the unit tests of
 * src/runtime and src/client, which need no engine. They import src/ by relative path, so
 * what runs is the sandbox's instrumented TypeScript, never dist/: this config drops the
 * unit config's global setup (which only checks that dist/ is built), and Stryker's
 * sandbox holds no dist/ for a test to reach.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import unit from "./vitest.config";
import { SERVER_TESTS, testGlobs } from "./test/suites";

/**
 * `MUTATION_SUITE=unit`: only the unit suite's files (no server, process or connection, held
 * by its guard), which is what the scores in CONTRIBUTING.md are measured with.
 */
const unitOnly = process.env.MUTATION_SUITE === "unit";

/**
 * Quickest files first. Stryker stops a mutant's run at its first failing test, so a
 * mutant that a pure unit test kills never waits for a file that starts a local server.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification) => {
      const key = `${f.project.name}:${f.moduleId.slice(root.length + 1)}`;
      return this.ctx.cache.getFileTestResults(key)?.duration ?? Number.MAX_SAFE_INTEGER;
    };
    return [...files].sort((a, b) => cost(a) - cost(b));
  }
}

export default defineConfig({
  test: {
    ...unit.test,
    include: ["test/runtime/**/*.test.ts", "test/client/**/*.test.ts"],
    exclude: unitOnly ? [...unit.test!.exclude!, ...testGlobs(SERVER_TESTS)] : unit.test!.exclude,
    setupFiles: unitOnly
      ? [...(unit.test!.setupFiles as string[]), "test/support/unit-guard.ts"]
      : unit.test!.setupFiles,
    globalSetup: [],
    isolate: process.env.MUTATION_ISOLATE !== "0",
    sequence: { sequencer: QuickestFirst },
  },
});
