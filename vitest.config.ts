import { defineConfig } from "vitest/config";
import { ENGINE_FOLDERS, testGlobs } from "./test/suites";

/**
 * Every test that needs no Pulumi engine: the unit suite and the server suite together
 * (test/suites/index.ts says which is which). `npx vitest run <file>` runs one of them; `npm
 * run test:unit` (vitest.unit.config.ts) and `npm run test:server` (vitest.server.config.ts)
 * each run their part. The end-to-end suite runs the real Pulumi engine, and the SDKs' tests
 * need the generator it builds and `npm run sdks`: see vitest.e2e.config.ts.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...testGlobs(ENGINE_FOLDERS), "**/node_modules/**"],
    // Servers on loopback and PGlite start-up make some tests slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/support/global-setup.ts"],
    // fast-check draws from the commit's seed (or FUZZ_SEED): test/support/seed.ts.
    setupFiles: ["test/support/fast-check-seed.ts"],
  },
});
