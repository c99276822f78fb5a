/**
 * The benches that drive the real Pulumi engine compile and run to the end in smoke mode
 * (tiny sizes, one sample, no target judged: bench/src/lib/smoke.ts), leaving
 * bench/RESULTS.md as it was: `npm run bench`'s run-all (B1-B9 and the standalone B7, with its
 * report) and the benches run apart (B10, B11, B13, B16). Part of the end-to-end suite: they need
 * the Pulumi CLI, the plugin, and for the standalone B7 this machine's executable and release
 * archive, which `npm run test:e2e` builds first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { compileBenches, readResults, runSmoke, UNDER_ENGINE } from "./smoke";

/** A line each script prints once its benches have run. */
const PRINTS: Record<string, RegExp> = {
  "run-all": /^B9 project N=3 checkpoints on: destroy [\d.]+ s/m,
  "b10-shared-account": /^## B10/m,
  "b11-audit": /^## B11: `pulumi-uptime audit` of 2 stacks of 2 monitors/m,
  "b13-policy-pack": /^## B13: `preview` of 3 monitors with the policy pack/m,
  "b16-service-monitors": /^## B16: 1 ServiceMonitors × \d+ checks/m,
};

beforeAll(() => compileBenches(), 180_000);

describe("in smoke mode, under the engine", () => {
  it.each(Object.keys(UNDER_ENGINE))(
    "%s runs to the end and leaves RESULTS.md alone",
    async (script) => {
      expect(PRINTS[script], `a line that ${script} prints, in PRINTS`).toBeDefined();
      const before = readResults();
      const run = await runSmoke(script);
      expect(run.code, run.output.slice(-3000)).toBe(0);
      expect(run.output).toMatch(PRINTS[script]);
      expect(run.results).toBe(before);
    },
    600_000,
  );
});
