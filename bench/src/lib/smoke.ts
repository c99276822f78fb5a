/**
 * Smoke mode (BENCH_SMOKE=1): each bench runs end to end once at a tiny size, so that
 * `npm test` finds a bench that no longer runs (a module renamed, an option gone) without
 * spending a bench's minutes (test/bench). A smoke run measures nothing worth keeping: no
 * target is judged by it and bench/RESULTS.md is left as it was. A size set in the
 * environment still wins.
 */

/** True in smoke mode. */
export const SMOKE = process.env.BENCH_SMOKE === "1";

/** The number in environment variable `name` when set, else `smoke` in smoke mode, else `full`. */
export function sized(name: string, full: number, smoke: number): number {
  const set = process.env[name];
  return set !== undefined && set !== "" ? Number(set) : SMOKE ? smoke : full;
}

/** The list in environment variable `name` when set, else `smoke` in smoke mode, else `full`. */
export function listed(name: string, full: string, smoke: string): string[] {
  const set = process.env[name];
  return (set !== undefined && set !== "" ? set : SMOKE ? smoke : full)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Runs `write` unless in smoke mode, which says instead that bench/RESULTS.md was left alone. */
export function writeResults(what: string, write: () => void): void {
  if (SMOKE) console.log(`${what}: smoke run (BENCH_SMOKE=1), so bench/RESULTS.md is left as it was`);
  else write();
}
