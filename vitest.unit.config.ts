import { defineConfig } from "vitest/config";
import base from "./vitest.config";
import { SERVER_TESTS, testGlobs } from "./test/suites";

/**
 * `npm run test:unit`: the tests that start no server, process or worker thread, open no
 * connection or UDP socket, look up no name in DNS and load no PGlite (every test file not
 * listed in test/suites/index.ts). test/support/unit-guard.ts
 * makes each of those throw here, naming the list a file that needs one belongs in.
 */
export default defineConfig({
  test: {
    ...base.test,
    exclude: [...base.test!.exclude!, ...testGlobs(SERVER_TESTS)],
    setupFiles: [...(base.test!.setupFiles as string[]), "test/support/unit-guard.ts"],
  },
});
