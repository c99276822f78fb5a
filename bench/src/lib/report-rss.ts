/**
 * Preloaded (`node --require`) into a process a bench measures: at exit it writes the
 * process's peak resident memory to stderr as `bench-max-rss-kb=<n>`.
 */
import { writeSync } from "node:fs";

process.on("exit", () => {
  writeSync(2, `\nbench-max-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
