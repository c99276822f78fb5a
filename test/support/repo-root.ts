/** The repository's root, for tests that read or copy committed files. */
import { resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");
