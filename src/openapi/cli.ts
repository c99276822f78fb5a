#!/usr/bin/env node
/** `npm run openapi`: writes docs/openapi.json from the schemas. */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { OPENAPI_FILE, openApiText } from "./document";

const target = resolve(__dirname, "..", "..", OPENAPI_FILE);
writeFileSync(target, openApiText());
process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
