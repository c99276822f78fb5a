/** Modification times for the generate tests, which prove a file already right is not rewritten. */
import { statSync, utimesSync } from "node:fs";

/** Sets a file's modification time a minute back, so that a rewrite would show; returns that time. */
export function age(path: string): number {
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
  return statSync(path).mtimeMs;
}
