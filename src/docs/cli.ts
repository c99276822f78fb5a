#!/usr/bin/env node
/** `npm run docs`: rewrites the reference block of README.md from the schemas. */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { withReference } from "./reference";

const readme = resolve(__dirname, "..", "..", "README.md");
const before = readFileSync(readme, "utf8");
const after = withReference(before);
if (after !== before) writeFileSync(readme, after);
console.log(after === before ? "README.md reference is up to date." : "README.md reference regenerated.");
