/**
 * The peak memory of a process and everything it starts, sampled from /proc every `everyMs`:
 * at each sample the sum over the tree of VmRSS (which counts pages the processes share, such
 * as the pulumi binary's text, once per process) and of Pss (each shared page split among its
 * sharers: what the tree really holds); the largest of each sum is kept. A child living less
 * than one interval can be missed, so both are lower bounds (the node process's own peak
 * comes exactly from report-rss.ts). NaN where /proc is unreadable.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Peak sums, in kB. */
export interface TreeMemory {
  rssKb: number;
  pssKb: number;
}

const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);

function treeOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      parent.set(Number(d), field(readFileSync(`/proc/${d}/status`, "utf8"), "PPid"));
    } catch {
      // gone between the listing and the read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(inTree);
}

function treeMemory(root: number): TreeMemory {
  const sum = { rssKb: 0, pssKb: 0 };
  for (const pid of treeOf(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      sum.rssKb += field(rollup, "Rss");
      sum.pssKb += field(rollup, "Pss");
    } catch {
      // gone
    }
  }
  return sum;
}

/** Starts sampling the tree of `root`; the returned function stops and gives the peaks. */
export function sampleTreeMemory(root: number, everyMs = 50): () => TreeMemory {
  const peak = { rssKb: 0, pssKb: 0 };
  let readable = true;
  const sample = () => {
    try {
      const now = treeMemory(root);
      peak.rssKb = Math.max(peak.rssKb, now.rssKb);
      peak.pssKb = Math.max(peak.pssKb, now.pssKb);
    } catch {
      readable = false;
    }
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return () => {
    clearInterval(timer);
    return readable ? peak : { rssKb: Number.NaN, pssKb: Number.NaN };
  };
}
