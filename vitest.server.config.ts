import { defineConfig } from "vitest/config";
import base from "./vitest.config";
import { SERVER_TESTS, testGlobs } from "./test/suites";

/**
 * `npm run test:server`: the tests that start the local server, PGlite, a target, a proxy or
 * another process, all on loopback (the files listed in test/suites/index.ts).
 */
export default defineConfig({
  test: {
    ...base.test,
    include: testGlobs(SERVER_TESTS),
  },
});
