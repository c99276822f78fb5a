/**
 * Preloaded (`node --require`) into a process a bench measures: at exit it writes the
 * process's peak resident memory to stderr as `bench-max-rss-kb=<n>`, and the CPU time
 * (user + system) of the process and of the children it waited for (Linux /proc; absent
 * elsewhere) as `bench-cpu-ms=<n>`: less swayed by other work on the machine than wall time.
 */
import { readFileSync, writeSync } from "node:fs";

function cpuWithChildrenMs(): number | undefined {
  try {
    const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // utime, stime, cutime, cstime: fields 14-17 of stat(5), 11-14 after the command name.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(f[i]), 0);
    return (ticks * 1000) / Number(process.env.CLK_TCK ?? 100);
  } catch {
    return undefined;
  }
}

process.on("exit", () => {
  const cpu = cpuWithChildrenMs();
  writeSync(
    2,
    `\nbench-max-rss-kb=${process.resourceUsage().maxRSS}\n${cpu === undefined ? "" : `bench-cpu-ms=${cpu}\n`}`,
  );
});
