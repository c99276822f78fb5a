/** Seeds for the server's fault PRNG that make a fault sequence exact. */
import type { FaultKind } from "../../src/server";
import { mulberry32 } from "../../src/server/faults";

/**
 * A seed whose first faults, drawn from `wanted`'s distinct kinds in order of first
 * appearance, are exactly `wanted` (with rate 1; the server draws twice a request). Pass
 * the same `kinds` to `setFaults`.
 */
export function seedFor(wanted: FaultKind[]): { seed: number; kinds: FaultKind[] } {
  const kinds = [...new Set(wanted)];
  for (let s = 1; s < 10_000_000; s++) {
    const random = mulberry32(s);
    if (wanted.every((k) => (random(), kinds[Math.floor(random() * kinds.length)] === k))) return { seed: s, kinds };
  }
  throw new Error(`no seed below 10,000,000 gives ${wanted.join(", ")}`);
}
