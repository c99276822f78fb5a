/**
 * Fault injection: picks which /api/v1 requests fail and how, so clients can be tested
 * against errors, slow answers and dropped connections.
 */
import type { FaultKind, FaultOptions } from "./types";

/** Every fault kind, the default of {@link FaultOptions.kinds}. */
export const FAULT_KINDS: readonly FaultKind[] = ["500", "503", "delay", "drop-before", "drop-after"];

/** The fault chosen for one request. */
interface Fault {
  /** What happens. */
  kind: FaultKind;
  /** Wait before handling, for "delay". */
  delayMs: number;
}

/**
 * mulberry32: a small seeded PRNG, so a seed replays the same fault sequence.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Decides per request whether to inject a fault. */
export class FaultInjector {
  private options: FaultOptions | undefined;
  private random: () => number = Math.random;
  private injected = 0;

  /** Starts with `options` (undefined: no faults). */
  constructor(options: FaultOptions | undefined) {
    this.set(options);
  }

  /** Replaces the settings; a seed restarts the PRNG. Throws on a rate outside 0..1 or an unknown kind. */
  set(options: FaultOptions | undefined): void {
    if (options) {
      if (typeof options.rate !== "number" || !(options.rate >= 0 && options.rate <= 1)) {
        throw new Error("faults.rate must be a number from 0 to 1");
      }
      for (const k of options.kinds ?? []) {
        if (!FAULT_KINDS.includes(k)) throw new Error(`unknown fault kind ${String(k)}`);
      }
      if (options.kinds && options.kinds.length === 0) throw new Error("faults.kinds must not be empty");
    }
    this.options = options;
    this.injected = 0;
    this.random = options?.seed !== undefined ? mulberry32(options.seed) : Math.random;
  }

  /**
   * The fault for the next request of `method`, or undefined. Draws twice per eligible
   * request, so a seeded sequence is stable.
   */
  next(method = "GET"): Fault | undefined {
    const o = this.options;
    if (!o || o.rate <= 0) return undefined;
    if (o.methods && !o.methods.includes(method.toUpperCase())) return undefined;
    if (o.limit !== undefined && this.injected >= o.limit) return undefined;
    const hit = this.random();
    const pick = this.random();
    if (hit >= o.rate) return undefined;
    this.injected++;
    const kinds = o.kinds ?? FAULT_KINDS;
    return { kind: kinds[Math.min(kinds.length - 1, Math.floor(pick * kinds.length))], delayMs: o.delayMs ?? 2000 };
  }
}
