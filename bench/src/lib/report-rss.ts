/**
 * Preloaded (`node --require`) into a process a bench measures: at exit it writes the
 * process's peak resident memory to stderr as `bench-max-rss-kb=<n>`, and the CPU time it
 * used (user and system, all threads) as `bench-cpu-ms=<n>`.
 */
import { writeSync } from "node:fs";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  writeSync(2, `\nbench-max-rss-kb=${usage.maxRSS}\nbench-cpu-ms=${cpuMs}\n`);
});
