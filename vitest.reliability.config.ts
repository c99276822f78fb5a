import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the reliability tests that run the real Pulumi engine
 * (test/reliability/*.e2e.ts: faults, a killed run) against in-process local servers. Like
 * the end-to-end suite they need dist/ and the CLI in .tools/pulumi/bin (the script builds
 * or reuses it first). The fuzz tests (test/reliability/*.test.ts) need no engine:
 * check-fuzz.test.ts runs in `npm run test:unit`, server-fuzz.test.ts in `npm run test:server`.
 */
export default defineConfig({
  test: {
    include: ["test/reliability/**/*.e2e.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One file at a time: every file starts engines that use both cores already.
    fileParallelism: false,
    pool: "forks",
    globalSetup: ["test/reliability/global-setup.ts"],
  },
});
