/**
 * Every test suite, one vitest project each (CONTRIBUTING.md, "Tests"):
 *
 * - `unit` (`npm run test:unit`): the tests that start no server or process, open no
 *   connection and load no PGlite: every test file not listed in test/suites/index.ts.
 *   test/support/unit-guard.ts makes each of those throw here, naming the list a file that
 *   needs one belongs in.
 * - `server` (`npm run test:server`): the files listed there, which start the local server,
 *   PGlite, a target, a proxy or another process, all on loopback.
 * - `e2e` (`npm run test:e2e`): real Pulumi projects run by the Pulumi CLI built into
 *   .tools/pulumi/bin (scripts/build-pulumi.sh) against in-process local servers, the SDKs'
 *   tests (test/sdk), which need the generator built beside the CLI and `npm run sdks`, the
 *   upgrade baselines (test/upgrade) and the smoke runs of the benches that drive the engine
 *   (test/bench/*.e2e.ts). The npm script builds (or reuses) the CLI first; dist/ must be built.
 * - `reliability` (`npm run test:reliability`): faults and a killed run under the real engine
 *   (test/reliability/*.e2e.ts); like e2e they need dist/ and the CLI. The fuzz tests of
 *   test/reliability that need no engine (check-fuzz, server-fuzz) run in server.
 * - `api-fuzz` (`npm run test:api-fuzz`, part of test:reliability): Schemathesis (from PyPI,
 *   in a venv scripts/ensure-schemathesis.sh makes once per machine) against a local server,
 *   driven by docs/openapi.json. Knobs: API_FUZZ_MAX_TIME (seconds, default 120),
 *   API_FUZZ_EXAMPLES (per operation, default 25), API_FUZZ_SEED (default the commit's seed).
 * - `upgrade-record` (`npm run upgrade:record`): writes test/upgrade/<version>/ (see
 *   test/upgrade/README.md). Not part of `npm test`.
 *
 * `npx vitest run` with no `--project` runs unit and server (everything without the engine);
 * `npx vitest run <file>` runs a file of those in its own suite; the others need
 * `--project <name>`. The engine's suites run one file at a time (each file starts engines
 * that use both cores): vitest takes that only from the command line, so their npm scripts
 * pass `--no-file-parallelism`, and so should a run of more than one of their files.
 *
 * Under StrykerJS (`npm run test:mutation`, stryker.config.mjs; its workers carry
 * STRYKER_MUTATOR_WORKER) this config is the mutation suite instead, as Stryker's vitest
 * runner cannot pick a project: see {@link MUTATION}.
 */
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification, type UserConfig as VitestOptions } from "vitest/node";
import { ENGINE_FOLDERS, SERVER_TESTS, testGlobs } from "./test/suites";

type Suite = NonNullable<ViteUserConfig["test"]>;

/** What the unit and server suites share: every test that needs no Pulumi engine. */
const WITHOUT_ENGINE = {
  include: ["test/**/*.test.ts"],
  exclude: [...testGlobs(ENGINE_FOLDERS), "**/node_modules/**"],
  // Servers on loopback and PGlite start-up make some tests slower than a unit test.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: "forks",
  // Checks that dist/ is built and linked.
  globalSetup: ["test/support/global-setup.ts"],
  // fast-check draws from the commit's seed (or FUZZ_SEED): test/support/seed.ts.
  setupFiles: ["test/support/fast-check-seed.ts"],
} satisfies Suite;

/** What the suites under the real engine share. */
const UNDER_THE_ENGINE = {
  exclude: ["**/node_modules/**"],
  // Each test runs several engine commands (a few seconds each on 2 cores).
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: "forks",
} satisfies Suite;

/** The suites by project name; test/suites/every-test-file-runs-in-exactly-one-suite.test.ts holds them to the files. */
export const SUITES = {
  unit: {
    ...WITHOUT_ENGINE,
    exclude: [...WITHOUT_ENGINE.exclude, ...testGlobs(SERVER_TESTS)],
    setupFiles: [...WITHOUT_ENGINE.setupFiles, "test/support/unit-guard.ts"],
  },
  server: { ...WITHOUT_ENGINE, include: testGlobs(SERVER_TESTS) },
  e2e: {
    ...UNDER_THE_ENGINE,
    include: ["test/e2e/**/*.test.ts", "test/sdk/**/*.test.ts", "test/upgrade/**/*.test.ts", "test/bench/**/*.e2e.ts"],
    exclude: ["test/e2e/.work/**", ...UNDER_THE_ENGINE.exclude],
    globalSetup: ["test/e2e/global-setup.ts"],
  },
  reliability: {
    ...UNDER_THE_ENGINE,
    include: ["test/reliability/**/*.e2e.ts"],
    globalSetup: ["test/reliability/global-setup.ts"],
  },
  "api-fuzz": {
    ...UNDER_THE_ENGINE,
    include: ["test/reliability/api-fuzz/**/*.fuzz.ts"],
    // The run's own budget plus a cold venv (about 40 s) and the server.
    testTimeout: 3_600_000,
    hookTimeout: 900_000,
  },
  "upgrade-record": {
    ...UNDER_THE_ENGINE,
    include: ["test/upgrade/record-baselines.record.ts"],
    testTimeout: 900_000,
    globalSetup: ["test/e2e/global-setup.ts"],
  },
} satisfies Record<string, Suite>;

/**
 * `MUTATION_SUITE=unit`: only the unit suite's files (no server, process or connection, held
 * by its guard), which is what the mutation scores (docs/results.md) are measured with.
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

/**
 * The tests StrykerJS runs against each mutant: the tests of src/runtime and src/client,
 * which need no engine. They import src/ by relative path, so what runs is the sandbox's
 * instrumented TypeScript, never dist/: no global setup (which only checks that dist/ is
 * built), and Stryker's sandbox holds no dist/ for a test to reach.
 */
export const MUTATION = {
  ...WITHOUT_ENGINE,
  include: ["test/runtime/**/*.test.ts", "test/client/**/*.test.ts"],
  exclude: unitOnly ? SUITES.unit.exclude : WITHOUT_ENGINE.exclude,
  setupFiles: unitOnly ? SUITES.unit.setupFiles : WITHOUT_ENGINE.setupFiles,
  globalSetup: [],
  isolate: process.env.MUTATION_ISOLATE !== "0",
  sequence: { sequencer: QuickestFirst },
} satisfies Suite;

/**
 * The suites as projects; `project`, the default of `--project` (one of vitest's command-line
 * options, which the config takes too), is what `npx vitest run` runs without one.
 */
const ALL: Suite & Pick<VitestOptions, "project"> = {
  project: ["unit", "server"],
  projects: Object.entries(SUITES).map(([name, suite]) => ({ test: { name, ...suite } })),
};

export default defineConfig({ test: process.env.STRYKER_MUTATOR_WORKER === undefined ? ALL : MUTATION });
