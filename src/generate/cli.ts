#!/usr/bin/env node
/** `npm run generate [-- --check]`: see ./generate.ts. */
import { runGenerate } from "./generate";

process.exitCode = runGenerate(process.argv.slice(2));
