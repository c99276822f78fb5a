import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The end-to-end suite runs the real Pulumi engine, and the SDKs' tests need the
    // generator it builds and `npm run sdks`: see vitest.e2e.config.ts.
    exclude: ["test/e2e/**", "test/sdk/**", "test/upgrade/**", "**/node_modules/**"],
    // Servers on loopback and PGlite start-up make some tests slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/support/global-setup.ts"],
    // fast-check draws from the commit's seed (or FUZZ_SEED): test/support/seed.ts.
    setupFiles: ["test/support/fast-check-seed.ts"],
  },
});
