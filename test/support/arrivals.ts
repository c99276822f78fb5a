/**
 * When requests reached a local server, read from its log: the server logs
 * "<METHOD> <path> <status|dropped> <ms>ms" as a request ends, so its arrival is the end
 * less the time taken. For tests about pacing, which is about arrival times.
 */

/** One request as the server logged it. */
export interface Arrival {
  /** Epoch ms it arrived. */
  at: number;
  method: string;
  path: string;
  /** Status answered, 0 for a dropped connection. */
  status: number;
}

/** A `log` option for the server, and the arrivals it has recorded so far (in order of their end). */
export function arrivalLog(): { log: (line: string) => void; arrivals: Arrival[] } {
  const arrivals: Arrival[] = [];
  const log = (line: string) => {
    const m = /^(\S+) (\S+) (\d+|dropped) (\d+)ms/.exec(line);
    if (m)
      arrivals.push({
        at: Date.now() - Number(m[4]),
        method: m[1],
        path: m[2],
        status: m[3] === "dropped" ? 0 : Number(m[3]),
      });
  };
  return { log, arrivals };
}

/** Gaps between consecutive times, after sorting them, smallest first. */
export function sortedGaps(times: number[]): number[] {
  const t = [...times].sort((a, b) => a - b);
  return t
    .slice(1)
    .map((x, i) => x - t[i])
    .sort((a, b) => a - b);
}
