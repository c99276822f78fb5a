/** The upgrade baseline the tests compare with: the newest version directory under test/upgrade/. */
import { readdirSync } from "node:fs";
import { join } from "node:path";

const HERE = __dirname;

function newest(): string {
  const versions = readdirSync(HERE).filter((d) => /^\d+\.\d+\.\d+$/.test(d));
  if (versions.length === 0)
    throw new Error("no baseline under test/upgrade/: record one with `npm run upgrade:record`");
  const key = (v: string) => v.split(".").map(Number);
  return versions
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .at(-1)!;
}

/** The baseline's version, e.g. "0.1.0". */
export const BASELINE_VERSION = newest();
/** Its directory. */
export const BASELINE_DIR = join(HERE, BASELINE_VERSION);

/**
 * An exported state without the engine's `sourcePosition` and `stackTrace` on each resource:
 * debugging aids that hold paths of the recording machine (its Go module cache, its
 * toolchain) and that neither `stack import` nor a preview reads.
 */
export function withoutSourcePositions(text: string): string {
  const state = JSON.parse(text) as { deployment?: { resources?: Record<string, unknown>[] } };
  for (const r of state.deployment?.resources ?? []) {
    delete r.sourcePosition;
    delete r.stackTrace;
  }
  return JSON.stringify(state, null, 4) + "\n";
}
