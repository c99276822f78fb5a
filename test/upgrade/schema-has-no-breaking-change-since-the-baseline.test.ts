/**
 * The current schema.json against the last recorded baseline's (test/upgrade/<version>/):
 * a breaking change fails unless package.json's major version is above the baseline's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { breakingChanges, mayBreak, type PackageSchema } from "../plugin/schema-compat";
import { BASELINE_DIR, BASELINE_VERSION } from "./baseline";

const REPO = join(__dirname, "..", "..");
const read = (p: string) => JSON.parse(readFileSync(p, "utf8")) as PackageSchema & { version: string };

it(`schema.json keeps every resource, function, property and enum value of ${BASELINE_VERSION}`, () => {
  const current = read(join(REPO, "schema.json"));
  const version = read(join(REPO, "package.json")).version;
  const found = breakingChanges(read(join(BASELINE_DIR, "schema.json")), current);
  if (mayBreak(BASELINE_VERSION, version))
    return void console.log(`major ${version} may break ${BASELINE_VERSION}: ${found.length} breaking change(s)`);
  expect(found, `breaking changes since ${BASELINE_VERSION} in ${version} (a major release may make them)`).toEqual([]);
});
