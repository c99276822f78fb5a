/**
 * README's "Configure" table is written by hand; this keeps it complete: every setting the
 * schema declares has a row with its stack config key and its environment variable.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { CONFIG_KEYS, ENV_VARS } from "../../src/runtime/config";
import { PROVIDER_CONFIG_FIELDS } from "../../src/schemas";

const readme = readFileSync(resolve(__dirname, "..", "..", "README.md"), "utf8");
const configure = readme.slice(
  readme.indexOf("\n## Configure\n"),
  readme.indexOf("\n## ", readme.indexOf("\n## Configure\n") + 5),
);

it("names every setting's stack config key and environment variable in one row", () => {
  const rows = configure.split("\n").filter((l) => l.startsWith("| "));
  const missing = PROVIDER_CONFIG_FIELDS.map((f) => f.name as keyof typeof CONFIG_KEYS).filter(
    (name) => !rows.some((r) => r.includes(`\`${CONFIG_KEYS[name]}\``) && r.includes(`\`${ENV_VARS[name]}\``)),
  );
  expect(missing).toEqual([]);
});
