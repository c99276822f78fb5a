import { defineConfig } from "vitest/config";

/** `npm run upgrade:record`: writes test/upgrade/<version>/ (see test/upgrade/README.md). */
export default defineConfig({
  test: {
    include: ["test/upgrade/record-baselines.record.ts"],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: "forks",
    globalSetup: ["test/e2e/global-setup.ts"],
  },
});
