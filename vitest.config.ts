import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Servers on loopback and PGlite start-up make some tests slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
