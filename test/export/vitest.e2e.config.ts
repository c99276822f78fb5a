import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import e2e from "../../vitest.e2e.config";

/** `npm run test:e2e:export`: the export's real-engine check, with the end-to-end suite's settings. */
export default defineConfig({
  ...e2e,
  root: resolve(__dirname, "..", ".."),
  test: {
    ...e2e.test,
    include: ["test/export/**/*.e2e.ts"],
    exclude: ["test/export/.work/**", "**/node_modules/**"],
  },
});
