/**
 * Timing a process from spawn: to its first line on stdout (a plugin printing its port, what
 * the engine waits for) or to its exit, with the CPU time it used by then (Linux /proc).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** CPU time (user + system) a live process has used so far, from /proc; NaN where unreadable. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(stat[11]) + Number(stat[12])) * 1000) / Number(process.env.CLK_TCK ?? 100);
  } catch {
    return Number.NaN;
  }
}

/**
 * Wall and CPU milliseconds from spawning `cmd` until it prints a line on stdout. A launcher
 * that `exec`s node keeps its pid, so the CPU time is the plugin's whole start-up.
 */
export function timeToFirstLine(cmd: string, args: string[]): Promise<{ wallMs: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "inherit"] });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid!) });
      child.kill();
    };
    child.stdout.on("data", (b: Buffer) => b.includes(10) && finish());
    child.on("exit", (code) => (code === 0 ? finish() : !done && reject(new Error(`${cmd} exited ${code}`))));
  });
}

/** Wall milliseconds from spawning `cmd` until it exits (0 expected). */
export function timeToExit(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { stdio: "ignore" });
    child.on("exit", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`)),
    );
  });
}
