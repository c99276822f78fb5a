/**
 * Runs a Node.js script as a process of its own and measures it: wall time from spawn to
 * exit, its own peak resident memory and CPU time with its children (report-rss.ts,
 * preloaded), and optionally the peaks of
 * it with every process it starts (tree-memory.ts).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { sampleTreeMemory, type TreeMemory } from "./tree-memory";

export interface MeasuredRun {
  wallMs: number;
  /** The node process's own peak (NaN when it did not report one). */
  nodeRssKb: number;
  /** CPU time of the process and the children it waited for (NaN when not reported). */
  cpuMs: number;
  /** With `tree`: the peaks of the process with its children, sampled. */
  tree?: TreeMemory;
  stdout: string;
  stderr: string;
  code: number | null;
}

/** `node args` with `env` (default: this process's), in `cwd` (default: this process's). */
export function measuredNode(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; tree?: boolean; cwd?: string } = {},
): Promise<MeasuredRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--require", join(__dirname, "report-rss.js"), ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    const stopSampling = options.tree ? sampleTreeMemory(child.pid!) : undefined;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      const tree = stopSampling?.();
      const m = /bench-max-rss-kb=(\d+)/.exec(stderr);
      const cpu = /bench-cpu-ms=([\d.]+)/.exec(stderr);
      resolve({
        wallMs,
        nodeRssKb: m ? Number(m[1]) : NaN,
        cpuMs: cpu ? Number(cpu[1]) : NaN,
        tree,
        stdout,
        stderr,
        code,
      });
    });
  });
}
