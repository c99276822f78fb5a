/**
 * The benches that need no Pulumi engine compile and run to the end in smoke mode (tiny
 * sizes, no target judged: bench/src/lib/smoke.ts), each printing its measurement and
 * leaving bench/RESULTS.md as it was. The ones under the engine:
 * benches-under-the-engine-run-in-smoke-mode.e2e.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { compileBenches, readResults, runSmoke, WITHOUT_ENGINE } from "./smoke";

/** A line each bench prints with its measurement. */
const PRINTS: Record<string, RegExp> = {
  "b6-client-throughput": /^B6 GET \/api\/v1\/monitors\?per_page=100 .*client \/ raw = [\d.]+/m,
  "b8-checks": /"monitors": 10,/,
  "b12-test-command": /^## B12: `pulumi-uptime test` of 10 monitors/m,
  "b14-maintenance": /^## B14: `pulumi-uptime maintenance start` then `end` over 10 monitors/m,
  "b15-migrate": /^## B15: `pulumi-uptime migrate` of a 20-monitor Terraform state/m,
  "b17-report": /^## B17: `pulumi-uptime report` over 10 monitors, 200 incidents in 30 days/m,
};

beforeAll(() => compileBenches(), 180_000);

describe("in smoke mode", () => {
  it.each(WITHOUT_ENGINE)(
    "%s runs to the end and leaves RESULTS.md alone",
    async (bench) => {
      expect(PRINTS[bench], `a line that ${bench} prints, in PRINTS`).toBeDefined();
      const before = readResults();
      const run = await runSmoke(bench);
      expect(run.output).toMatch(PRINTS[bench]);
      expect(run.code, run.output.slice(-3000)).toBe(0);
      expect(run.results).toBe(before);
    },
    300_000,
  );
});
