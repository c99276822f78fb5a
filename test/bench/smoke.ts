/**
 * The benches' smoke runs (bench/src/lib/smoke.ts): which bench runs where, compiling
 * bench/src, and running one compiled bench at its smoke size.
 */
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");
const RESULTS = join(REPO, "bench", "RESULTS.md");

/** The benches that need no Pulumi engine: each runs alone in the server suite. */
export const WITHOUT_ENGINE = [
  "b6-client-throughput",
  "b8-checks",
  "b12-test-command",
  "b14-maintenance",
  "b15-migrate",
  "b17-report",
];

/**
 * The scripts run under the engine, in the end-to-end suite, and the benches each runs:
 * run-all is `npm run bench` (B1-B9, the standalone B7 and B14, and with them its report); the
 * others run apart, as `npm run bench:shared`, `bench:audit`, `bench:policy` and `bench:services` do.
 */
export const UNDER_ENGINE: Record<string, string[]> = {
  "run-all": [
    "b1-up",
    "b2-preview",
    "b3-refresh",
    "b4-rate-limit",
    "b5-state-size",
    "b6-client-throughput",
    "b7-plugin",
    "b7-standalone",
    "b8-checks",
    "b9-fleet",
    "b14-maintenance",
  ],
  "b10-shared-account": ["b10-shared-account"],
  "b11-audit": ["b11-audit"],
  "b13-policy-pack": ["b13-policy-pack"],
  "b16-service-monitors": ["b16-service-monitors"],
};

/** Compiles bench/src to bench/dist, as `npm run bench` does: a bench that no longer compiles fails here. */
export function compileBenches(): void {
  execFileSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", join(REPO, "bench")], {
    stdio: "pipe",
  });
}

/** What one smoke run did. */
export interface SmokeRun {
  code: number | null;
  output: string;
  /** bench/RESULTS.md afterwards, to compare with before. */
  results: string;
}

/** Runs `node bench/dist/<script>.js` with BENCH_SMOKE=1 (and no size of the caller's environment). */
export function runSmoke(script: string): Promise<SmokeRun> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("BENCH_")));
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(REPO, "bench", "dist", `${script}.js`)],
      { cwd: REPO, env: { ...env, BENCH_SMOKE: "1" }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? null) : 0;
        done({ code: typeof code === "number" ? code : null, output: stdout + stderr, results: readResults() });
      },
    );
  });
}

export function readResults(): string {
  return readFileSync(RESULTS, "utf8");
}
