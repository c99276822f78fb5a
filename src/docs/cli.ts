#!/usr/bin/env node
/**
 * `npm run docs`: rewrites what is generated from the schemas for people and editors: the
 * reference block of README.md and the resource classes' types (src/resources/types.generated.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { withReference } from "./reference";
import { RESOURCE_TYPES_PATH, resourceTypesSource } from "./resource-types";

const root = resolve(__dirname, "..", "..");

function rewrite(path: string, next: (before: string) => string): void {
  const file = resolve(root, path);
  const before = readFileSync(file, "utf8");
  const after = next(before);
  if (after !== before) writeFileSync(file, after);
  console.log(after === before ? `${path} is up to date.` : `${path} regenerated.`);
}

rewrite("README.md", withReference);
rewrite(RESOURCE_TYPES_PATH, () => resourceTypesSource());
