#!/usr/bin/env node
/**
 * `npm run docs`: rewrites what is generated from the schemas for people and editors: the
 * reference block of docs/reference.md, the resource classes' types (src/dynamic/types.generated.ts),
 * the examples baked from docs/examples, and the Registry pages docs/_index.md and
 * docs/installation-configuration.md.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { REFERENCE_PATH, withReference } from "./reference";
import { RESOURCE_TYPES_PATH, resourceTypesSource } from "./resource-types";
import { EXAMPLES_MODULE_PATH, examplesModuleSource, readExamples } from "./examples";
import { REGISTRY_INDEX_PATH, REGISTRY_INSTALL_PATH, registryIndex, registryInstallation } from "./registry";

const root = resolve(__dirname, "..", "..");

function rewrite(path: string, next: (before: string) => string): void {
  const file = resolve(root, path);
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const after = next(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? `${path} is up to date.` : `${path} regenerated.`);
}

rewrite(REFERENCE_PATH, withReference);
rewrite(RESOURCE_TYPES_PATH, () => resourceTypesSource());
rewrite(EXAMPLES_MODULE_PATH, () => examplesModuleSource());
rewrite(REGISTRY_INDEX_PATH, () => registryIndex(readExamples()));
rewrite(REGISTRY_INSTALL_PATH, () => registryInstallation());
