/** docs/openapi.json is exactly what the generator writes from today's schemas. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import { OPENAPI_FILE, openApiText } from "../../src/openapi";

test("docs/openapi.json is up to date with src/schemas (run `npm run generate` after changing them)", () => {
  const onDisk = readFileSync(resolve(__dirname, "..", "..", OPENAPI_FILE), "utf8");
  expect(onDisk === openApiText(), "docs/openapi.json is stale: run `npm run generate` and commit the result").toBe(
    true,
  );
});
