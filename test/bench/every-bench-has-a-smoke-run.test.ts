/**
 * Every bench of bench/src (b*.ts) runs in smoke mode inside `npm test`: alone in the server
 * suite when it needs no engine, or under the engine in the end-to-end suite (test/bench/smoke.ts
 * says which), so a bench that stops running fails CI rather than the next `npm run bench`.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, UNDER_ENGINE, WITHOUT_ENGINE } from "./smoke";

const BENCHES = readdirSync(join(REPO, "bench", "src"))
  .filter((f) => /^b\d+.*\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();

describe("the benches' smoke runs", () => {
  it("cover every bench of bench/src", () => {
    expect(BENCHES.length).toBeGreaterThanOrEqual(14);
    const covered = new Set([...WITHOUT_ENGINE, ...Object.values(UNDER_ENGINE).flat()]);
    expect(BENCHES.filter((b) => !covered.has(b))).toEqual([]);
  });

  it("name only benches and scripts that exist", () => {
    const scripts = new Set([...BENCHES, "run-all"]);
    const named = [...WITHOUT_ENGINE, ...Object.keys(UNDER_ENGINE), ...Object.values(UNDER_ENGINE).flat()];
    expect(named.filter((b) => !scripts.has(b))).toEqual([]);
  });
});
