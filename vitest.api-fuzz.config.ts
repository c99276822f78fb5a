import { defineConfig } from "vitest/config";

/**
 * `npm run test:api-fuzz`: Schemathesis (from PyPI, in a venv scripts/ensure-schemathesis.sh
 * makes once per machine) against a local server on loopback, driven by docs/openapi.json.
 * Part of `npm run test:reliability`. Knobs: API_FUZZ_MAX_TIME (seconds, default 120),
 * API_FUZZ_EXAMPLES (per operation, default 25), API_FUZZ_SEED (default the commit's seed, or
 * FUZZ_SEED: test/support/seed.ts).
 */
export default defineConfig({
  test: {
    include: ["test/reliability/api-fuzz/**/*.fuzz.ts"],
    exclude: ["**/node_modules/**"],
    // The run's own budget plus a cold venv (about 40 s) and the server.
    testTimeout: 3_600_000,
    hookTimeout: 900_000,
    fileParallelism: false,
    pool: "forks",
  },
});
