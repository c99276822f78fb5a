#!/usr/bin/env node
/** `npm run schema`: rewrites schema.json (the package schema) from the zod schemas. */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { packageSchemaText } from "./package-schema";

const file = resolve(__dirname, "..", "..", "schema.json");
let before = "";
try {
  before = readFileSync(file, "utf8");
} catch {
  // first run: no file yet
}
const after = packageSchemaText();
if (after !== before) writeFileSync(file, after);
console.log(after === before ? "schema.json is up to date." : "schema.json regenerated.");
