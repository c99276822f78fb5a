/**
 * The floor of B15: what any tool must do with a Terraform state of that size, in a process
 * of its own: read the file, parse its JSON, and write as much text back to a file.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [input, output] = process.argv.slice(2);
const doc = JSON.parse(readFileSync(input, "utf8")) as unknown;
writeFileSync(output, JSON.stringify(doc, null, 4));
