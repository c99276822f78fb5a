import { defineConfig } from "vitest/config";

/**
 * The end-to-end suite: real Pulumi projects run by the Pulumi CLI built into
 * .tools/pulumi/bin (scripts/build-pulumi.sh) against in-process local servers, the SDKs'
 * tests (test/sdk), which need the generator built beside the CLI and `npm run sdks`, the
 * upgrade baselines (test/upgrade) and the smoke runs of the benches that drive the engine
 * (test/bench/*.e2e.ts).
 * `npm run test:e2e` builds (or reuses) the CLI first; dist/ must be built (`npm run build`).
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts", "test/sdk/**/*.test.ts", "test/upgrade/**/*.test.ts", "test/bench/**/*.e2e.ts"],
    exclude: ["test/e2e/.work/**", "**/node_modules/**"],
    // Each test runs several engine commands (a few seconds each on 2 cores).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One file at a time: every file starts engines that use both cores already.
    fileParallelism: false,
    pool: "forks",
    globalSetup: ["test/e2e/global-setup.ts"],
  },
});
