// @ts-check
/**
 * Mutation testing of src/client and src/runtime (`npm run test:mutation`), killed by their
 * tests alone (vitest.config.ts, which under Stryker is its mutation suite). Not part of
 * `npm test` or CI: on 2 shared cores a full run takes long (docs/results.md says how long,
 * and the scores measured).
 * Mutants that cannot change behaviour are listed, with the reason, in equivalent-mutants.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "src/client/**/*.ts",
    "src/runtime/**/*.ts",
    // Pure re-exports: nothing to mutate.
    "!src/client/index.ts",
  ],
  // The sandbox holds only what the tests load: no dist/, SDKs, tools or examples.
  ignorePatterns: ["/*", "!/src", "!/test", "!/package.json", "!/tsconfig.json", "!/vitest.config.ts"],
  coverageAnalysis: "perTest",
  // A mutant reached only while modules load (a constant's initialiser) needs every related
  // test file rerun: on 2 cores that is most of a run's time for a fifth of its mutants.
  // They are reported as ignored; `--ignoreStatic false` measures them too.
  ignoreStatic: true,
  // The machine is shared: one test process at a time.
  concurrency: 1,
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
